import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import { AdminShell } from "./admin-shell";
import { adminSessionKey } from "../admin-session";
import type { AdminUser } from "@shared/api/admin-api";
import { TWO_FACTOR_REQUIRED_TEXT } from "./two-factor-setup";
import { AccountSecurity } from "./account-security";

/** The shell as it renders for a signed-in admin whose session GET /api/admin/me answered. */
function renderShell(admin: AdminUser, setupPage = false): string {
  return renderScreen(
    setupPage ? (
      <AdminShell title="Your account" allow={["admin", "moderator"]} setupPage>
        {(a) => <AccountSecurity admin={a} />}
      </AdminShell>
    ) : (
      <AdminShell title="Dashboard">{() => <p data-testid="page-content">The dashboard</p>}</AdminShell>
    ),
    { data: [[adminSessionKey, admin]], url: setupPage ? "/admin/account" : "/admin/dashboard" },
  );
}

const admin: AdminUser = { userId: "u1", email: "admin@example.com", name: "Admin", role: "admin", twoFactorEnabled: false, passkeys: 0, twoFactorRequired: false };

describe("the admin shell when two-factor sign-in is required (docs/decisions/0202, 0207)", () => {
  it("sends a staff member of any role without a second factor away from every other page (to the set-up page)", () => {
    for (const role of ["admin", "moderator"] as const) {
      const html = renderShell({ ...admin, role, twoFactorRequired: true });
      expect(html).not.toContain("page-content");
    }
  });

  it("shows them on the set-up page the passkey and the authenticator set-up, saying it is required", () => {
    const html = renderShell({ ...admin, role: "moderator", twoFactorRequired: true }, true);
    expect(html).toContain(TWO_FACTOR_REQUIRED_TEXT);
    expect(html).toContain("Add a passkey");
    expect(html).toContain("Set up two-factor sign-in");
    // It opens at the password step: nothing to press first.
    expect(html).toContain("Confirm your password");
    expect(html).not.toContain("page-content");
    // The admin pages' links would only lead back here.
    expect(html).not.toContain('aria-label="Admin"');
    expect(html).toContain("Logout");
  });

  it("shows the page once two-factor or a passkey is on, and whenever it is not required", () => {
    for (const user of [{ ...admin, twoFactorRequired: true, twoFactorEnabled: true }, { ...admin, twoFactorRequired: true, passkeys: 1 }, admin]) {
      const html = renderShell(user);
      expect(html).toContain("page-content");
      expect(html).not.toContain(TWO_FACTOR_REQUIRED_TEXT);
      expect(html).toContain('aria-label="Admin"');
    }
  });
});

describe("the admin navigation", () => {
  it("lists Leads first, then the dashboard, bookings, analytics, users and privacy", () => {
    const html = renderShell(admin);
    const nav = /<nav aria-label="Admin"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? "";
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(["/admin/leads", "/admin/dashboard", "/admin/bookings", "/admin/analytics", "/admin/users", "/admin/privacy"]);
  });
});
