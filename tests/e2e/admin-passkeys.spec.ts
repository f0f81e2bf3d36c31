import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoHorizontalOverflow } from "./pages-support";
import { screenshotInParts } from "./screenshots";
import { staffAccounts } from "./servers";
import { mailTo } from "./staff-mail";

/**
 * A passkey added on the account page and then used to sign in instead of the password
 * (docs/decisions/0207), on a phone (390 px, the phone project only: the flow does not depend on
 * the width, and the API tests cover the rest). Chromium's virtual authenticator, driven over the
 * DevTools protocol, plays the phone's fingerprint sensor. The moderator of this project's admin
 * server adds it and removes it again, so the other admin specs see the account as before.
 * STAFF_SCREENSHOTS=<dir> also saves the account page with the passkey there (as admin-area.spec.ts).
 */
const { moderator } = staffAccounts;
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("a moderator adds a passkey on a phone and signs in with it, no password", { tag: "@phone-width" }, async ({ page, servers, browserErrors }) => {
  browserErrors.allow(/status of 401/, "the session checks while signed out");
  const server = servers.admin;
  const base = server.url;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(moderator.email);
  await page.getByLabel("Password").fill(moderator.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // A password sign-in hashes with scrypt on a server the other admin specs share: it took 7 s and
  // more in 3 of 7 runs on a loaded 2-core machine, against 1-2.4 s in the server's own log.
  await expect(page).toHaveURL(`${base}/admin/leads`, { timeout: 15_000 });

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(`${base}/admin/account`);
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page.getByTestId("session-row").filter({ hasText: "This device" })).toHaveCount(1);
  await page.getByLabel("Name (optional)").fill("My phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toast(page, "Passkey added")).toBeVisible();
  await expect(page.getByTestId("passkey-list")).toContainText("My phone");
  await expectNoHorizontalOverflow(page);
  await screenshotInParts(page, process.env.STAFF_SCREENSHOTS, "account-390");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);

  // They are told, by SMTP: a new way into their account was added.
  await expect
    .poll(async () => (await mailTo(server, moderator.email)).some((mail) => `${mail.subject}\n${mail.text}`.includes("A passkey was added")), { timeout: 15_000 })
    .toBe(true);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${base}/admin/login`);
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(401);

  // No e-mail, no password: the passkey alone.
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${base}/admin/leads`);
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(200);

  // Removed again, so the account is as the other specs expect it.
  await page.getByRole("link", { name: "Your account" }).click();
  await page.getByRole("button", { name: "Remove passkey My phone" }).click();
  await expect(toast(page, "Passkey removed")).toBeVisible();
  await expect(page.getByTestId("passkey-list")).toHaveCount(0);
});
