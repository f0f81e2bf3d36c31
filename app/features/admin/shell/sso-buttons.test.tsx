import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { buildTimeRuntimeConfig, type RuntimeConfig } from "@shared/runtime-config";
import { SSO_ERROR_MESSAGES, SSO_FAILED_MESSAGE } from "@shared/staff-sso";
import { SsoButtons } from "./sso-buttons";

const runtime: { current: RuntimeConfig } = { current: buildTimeRuntimeConfig };
vi.mock("~/lib/runtime-config", () => ({ getRuntimeConfig: () => runtime.current }));

function render(staffSignOn: RuntimeConfig["staffSignOn"], url = "/admin/login"): string {
  runtime.current = { ...buildTimeRuntimeConfig, staffSignOn };
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <SsoButtons />
    </MemoryRouter>,
  );
}

describe("single sign-on on the login page (docs/decisions/0215)", () => {
  it("shows a button for each configured provider, and nothing when none is", () => {
    const both = render(["google", "microsoft"]);
    expect(both).toContain("Sign in with Google");
    expect(both).toContain("Sign in with Microsoft");
    const google = render(["google"]);
    expect(google).toContain("Sign in with Google");
    expect(google).not.toContain("Microsoft");
    expect(render([])).toBe("");
  });

  it("words a refused sign-in plainly, never as its code", () => {
    const html = render(["google"], "/admin/login?error=SSO_DOMAIN_NOT_ALLOWED&error_description=raw");
    expect(html).toContain('role="alert"');
    expect(html).toContain(SSO_ERROR_MESSAGES.SSO_DOMAIN_NOT_ALLOWED);
    expect(html).not.toContain("SSO_DOMAIN_NOT_ALLOWED");
    expect(html).not.toContain("raw");
    expect(render([], "/admin/login?error=invalid_code")).toContain(SSO_FAILED_MESSAGE);
  });
});
