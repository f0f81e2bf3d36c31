import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import { AdminShell, homeOf, leadDeskRoles } from "./admin-shell";
import { contentRoles, type StaffRole } from "@shared/schemas/admin";
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

const admin: AdminUser = { userId: "u1", email: "admin@example.com", name: "Admin", role: "admin", roles: ["admin"], twoFactorEnabled: false, passkeys: 0, twoFactorRequired: false };

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
  /** The navigation's links (href and text) and the account link beside it, of a page `roles` may open. */
  function navigationOf(roles: StaffRole[], allow: readonly StaffRole[] = roles) {
    const html = renderScreen(<AdminShell title="Page" allow={allow}>{() => <p data-testid="page-content">The page</p>}</AdminShell>, {
      data: [[adminSessionKey, { ...admin, role: roles[0], roles }]],
      url: "/admin/account",
    });
    const nav = /<nav aria-label="Admin"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? "";
    return {
      links: [...nav.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => `${m[2]} ${m[1]}`),
      account: html.includes('aria-label="Your account"'),
      page: html.includes("page-content"),
    };
  }

  it("lists Leads first, then Content, the dashboard, bookings, analytics, users and privacy for an admin", () => {
    expect(navigationOf(["admin"]).links).toEqual([
      "Leads /admin/leads",
      "Content /admin/content",
      "Dashboard /admin/dashboard",
      "Bookings /admin/bookings",
      "Analytics /admin/analytics",
      "Users /admin/users",
      "Privacy /admin/privacy",
    ]);
  });

  it("shows a moderator the lead desk and no Content", () => {
    expect(navigationOf(["moderator"])).toEqual({ links: ["Leads /admin/leads"], account: true, page: true });
  });

  it("shows an editor only Content, and their Account beside it", () => {
    expect(navigationOf(["editor"])).toEqual({ links: ["Content /admin/content"], account: true, page: true });
  });

  it("shows someone both moderator and editor the lead desk and Content", () => {
    expect(navigationOf(["moderator", "editor"]).links).toEqual(["Leads /admin/leads", "Content /admin/content"]);
  });

  it("does not show a moderator a studio page, nor an editor a lead desk page: each is sent to their own home", () => {
    expect(navigationOf(["moderator"], contentRoles).page).toBe(false);
    expect(navigationOf(["editor"], leadDeskRoles).page).toBe(false);
    expect(navigationOf(["editor"], ["admin"]).page).toBe(false);
    expect(navigationOf(["moderator", "editor"], contentRoles).page).toBe(true);
    expect(navigationOf(["admin"], contentRoles).page).toBe(true);
  });

  it("lands an admin on the dashboard, a moderator on the inbox and an editor on the studio", () => {
    expect(homeOf(["admin"])).toBe("/admin/dashboard");
    expect(homeOf(["moderator"])).toBe("/admin/leads");
    expect(homeOf(["editor"])).toBe("/admin/content");
    expect(homeOf(["moderator", "editor"])).toBe("/admin/leads");
    expect(homeOf(["admin", "editor"])).toBe("/admin/dashboard");
  });
});
