import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser, Page, TestInfo } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, projectDevice, randomIp, signedInRequest, test } from "./fixtures";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { failRequests, holdRequests } from "./held-requests";
import { expectNoHorizontalOverflow } from "./pages-support";
import { screenshotInParts } from "./screenshots";
import { staffAccounts, type E2EServer } from "./servers";
import { linkMailedTo } from "./staff-mail";

/**
 * The staff area end to end, on this browser project's own admin server (global-setup.ts): staff
 * accounts of every role made the way admin:create makes them, an empty lead table at the start,
 * leads submitted through the real lead API. The tests build on each other (the bookings they
 * submit, the roles they change), so they run in order. Staff mail goes by SMTP to a local sink,
 * which the tests read the links from.
 *
 * STAFF_SCREENSHOTS=<dir> also saves the self-service screens there (invite, accept, forgot and
 * reset password, the account page), at the project's width: 1280 and 390.
 */
test.describe.configure({ mode: "serial" });

const { admin, moderator, newHire } = staffAccounts;

const shots = process.env.STAFF_SCREENSHOTS;

let server: E2EServer = { url: "" };
let base = "";
let width = "";
test.beforeEach(async ({ servers }, info) => {
  server = servers.admin[info.project.name as "desktop" | "phone"];
  base = server.url;
  width = String(info.project.use.viewport?.width ?? "");
});

const screenshot = (page: Page, name: string) => screenshotInParts(page, shots, `${name}-${width}`);

/** The colleague invited in the invitation flow, whose password the reset flow then changes. */
const invitee = { email: "", password: "invited-password-1" };

async function signInWithForm(page: Page, who: { email: string; password: string }, at = base) {
  await page.goto(`${at}/admin/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function submitLead(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post(`${base}/api/submit-booking`, {
    headers: { Origin: base },
    data: { idempotency_key: `e2e-${crypto.randomUUID()}`, tcpa_consent: true, ...body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

// Tagged @any-width (desktop project only, see playwright.config.ts): session checks, redirects,
// error states and the two-factor flow do not depend on the width. The screens' layout (no
// horizontal overflow) and the login form are checked at both widths in the other tests.
test("every admin page checks the session with a spinner and sends visitors to the login page", { tag: "@any-width" }, async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 401/, "the session check answers 401 without a session");
  for (const path of ["/admin/dashboard", "/admin/bookings", "/admin/users"]) {
    const release = await holdRequests(page, "**/api/admin/me");
    await page.goto(`${base}${path}`);
    await expect(page.getByRole("status").filter({ hasText: "Checking your session" })).toBeVisible();
    await release();
    await expect(page).toHaveURL(`${base}/admin/login`);
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  }
});

// Messages: docs/product.md#admin-login.
test("the login form validates with the required messages and shows the server's error", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[13]/, "the session check and the wrong password answer 401");
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expectNoClassConflicts(page);

  await signInWithForm(page, { email: admin.email, password: "wrong-password" });
  await expect(toast(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
});

test("a signed-in user without a staff role is signed out with 'Access Denied'", { tag: "@any-width" }, async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[13]/, "no session yet, then a session without a staff role");
  await signInWithForm(page, newHire);
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(toast(page, "You don't have admin privileges")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
  // Signed out for real: the session no longer exists on the server.
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(401);
});

test("a moderator lands on the lead desk, sees only it, and is refused the users page and its API", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[13]/, "the session check before sign-in, and the refused roles call");
  await signInWithForm(page, moderator);
  await expect(page).toHaveURL(`${base}/admin/leads`);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Leads"]);
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  await page.goto(`${base}/admin/users`);
  await expect(page).toHaveURL(`${base}/admin/leads`);
  const refused = await page.request.get(`${base}/api/admin/roles`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "You don't have admin privileges", code: "ADMIN_ONLY" });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${base}/admin/login`);
});

test("an admin logs in to the dashboard, is sent there from the login page, and logs out", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 401/, "the session check answers 401 before sign-in and after logout");
  await signInWithForm(page, admin);
  await expect(toast(page, "Logged in successfully")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(page.getByTestId("signed-in-email")).toHaveText(admin.email);
  // The success toast's text reads at AA contrast on its tinted background.
  await expect(toast(page, "Logged in successfully")).toHaveAttribute("data-mounted", "true");
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole("link", { name: /Bookings/ }).last()).toBeVisible();
  await expect(page.getByRole("link", { name: /Users/ }).last()).toBeVisible();
  const analytics = page.getByTestId("analytics-card");
  await expect(analytics).toContainText("Analytics");
  await expect(analytics).toHaveAttribute("href", "/admin/analytics?range=7d");
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);

  await page.goto(`${base}/admin/login`);
  await expect(page).toHaveURL(`${base}/admin/dashboard`);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
  await page.goto(`${base}/admin/dashboard`);
  await expect(page).toHaveURL(`${base}/admin/login`);
});

// The self-service flows work two browsers, wait for mail and check each screen: 20-30 s on a loaded
// two-core machine, against the 30 s default.
const SELF_SERVICE_TIMEOUT = 60_000;

const inviteForm = (page: Page) => page.getByRole("form", { name: "Invite a colleague" });

async function invite(page: Page, email: string, role: "admin" | "moderator") {
  await inviteForm(page).getByLabel("Email", { exact: true }).fill(email);
  await inviteForm(page).getByLabel("Role").selectOption(role);
  await inviteForm(page).getByRole("button", { name: "Invite" }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
}

/** A browser of another person, at this project's width, from an address of its own. */
const otherBrowser = (browser: Browser, info: TestInfo) =>
  browser.newContext({ ...projectDevice(info.project.use), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });

test("invite a colleague: the e-mail's link sets their password and signs them in on the lead desk; the link then opens nothing", async ({ page, browser, browserErrors }, info) => {
  browserErrors.allow(/status of 4(01|10)/, "the session check before sign-in, and the used link's check");
  test.setTimeout(SELF_SERVICE_TIMEOUT);
  invitee.email = `rep-${info.project.name}-${Date.now().toString(36)}@example.com`;
  await signInWithForm(page, admin);
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await page.goto(`${base}/admin/users`);
  await invite(page, invitee.email, "moderator");
  await expect(page.getByTestId("invitation-row").filter({ hasText: invitee.email })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "users-invite");

  const link = await linkMailedTo(server, invitee.email, 1);
  expect(link).toContain("/admin/accept-invitation#token=");
  const colleague = await otherBrowser(browser, info);
  try {
    const theirs = await colleague.newPage();
    await theirs.goto(link);
    await expect(theirs.getByText(invitee.email)).toBeVisible();
    // The token left the address bar as soon as the page read it.
    expect(theirs.url()).toBe(`${base}/admin/accept-invitation`);
    await expectNoHorizontalOverflow(theirs);
    await screenshot(theirs, "accept-invitation");
    await theirs.getByLabel("Password", { exact: true }).fill(invitee.password);
    await theirs.getByLabel("Confirm password").fill(invitee.password);
    await theirs.getByRole("button", { name: "Create account" }).click();
    await expect(theirs).toHaveURL(`${base}/admin/leads`);
    await expect(theirs.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

    // The same link again: refused on the page, no form.
    await theirs.goto(link);
    await expect(theirs.getByRole("alert")).toContainText("This invitation link has already been used");
    await expect(theirs.getByLabel("Password", { exact: true })).toHaveCount(0);
    await expectNoHorizontalOverflow(theirs);
    await screenshot(theirs, "accept-invitation-used");
  } finally {
    await colleague.close();
  }
  await page.reload();
  await expect(page.getByTestId("invitation-row").filter({ hasText: invitee.email })).toHaveCount(0);
});

// Tagged @phone-width (phone project only): the refusal is the page the used link showed above,
// at both widths; here the link has aged past its expiry on a server whose invitations last 3.6 s.
test("an expired invitation link is refused on the page", { tag: "@phone-width" }, async ({ page, browser, servers, browserErrors }, info) => {
  browserErrors.allow(/status of 4(01|10)/, "the session check before sign-in, and the expired link's check");
  test.setTimeout(SELF_SERVICE_TIMEOUT);
  const expiring = servers.expiringInvitations;
  const email = `late-${Date.now().toString(36)}@example.com`;
  await signInWithForm(page, admin, expiring.url);
  await expect(page).toHaveURL(`${expiring.url}/admin/dashboard`);
  await page.goto(`${expiring.url}/admin/users`);
  await invite(page, email, "moderator");
  const link = await linkMailedTo(expiring, email);
  // The admin's list marks it expired once it has.
  const row = page.getByTestId("invitation-row").filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Expired", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  const colleague = await otherBrowser(browser, info);
  try {
    const theirs = await colleague.newPage();
    await theirs.goto(link);
    await expect(theirs.getByRole("alert")).toContainText("This invitation link has expired");
    await expect(theirs.getByLabel("Password", { exact: true })).toHaveCount(0);
    await expectNoHorizontalOverflow(theirs);
    await screenshot(theirs, "accept-invitation-expired");
  } finally {
    await colleague.close();
  }
});

test("forgot password: the e-mail's link sets a new one once, and the other browser's next save lands on the login page", async ({ page, browser, browserErrors }, info) => {
  browserErrors.allow(/status of 40[01]/, "the session checks before sign-in and after the reset, and the used link");
  test.setTimeout(SELF_SERVICE_TIMEOUT);
  // The invitee is signed in on another device.
  const other = await otherBrowser(browser, info);
  try {
    const elsewhere = await other.newPage();
    await signedInRequest(elsewhere.request, base, invitee);
    await elsewhere.goto(`${base}/admin/leads`);
    await expect(elsewhere.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    const takingLeads = elsewhere.getByRole("switch", { name: "Taking leads" });
    await expect(takingLeads).toBeVisible();

    await page.goto(`${base}/admin/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // The login page has an Email field too: fill the reset form's once it is the page.
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(invitee.email);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "reset link is on its way" })).toBeVisible();
    const link = await linkMailedTo(server, invitee.email, 2);
    expect(link).toContain("/admin/reset-password#token=");

    await page.goto(link);
    await expect(page.getByLabel("New password")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "reset-password");
    await page.getByLabel("New password").fill("brand-new-password-2");
    await page.getByLabel("Confirm password").fill("brand-new-password-2");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(`${base}/admin/login`);

    // The same link again: refused on the page, and the password stays the one just set.
    await page.goto(link);
    await page.getByLabel("New password").fill("yet-another-password-3");
    await page.getByLabel("Confirm password").fill("yet-another-password-3");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("alert")).toContainText("This reset link is not valid or has expired");
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "reset-password-used");

    await signInWithForm(page, { email: invitee.email, password: "brand-new-password-2" });
    await expect(page).toHaveURL(`${base}/admin/leads`);

    // Signed out on the other device: their next save (a write) is refused, and they are sent to log in.
    await takingLeads.click();
    await expect(elsewhere).toHaveURL(`${base}/admin/login`);
  } finally {
    await other.close();
  }
});

test("deactivate a signed-in colleague: their next click lands on the login page", async ({ page, browser, browserErrors }, info) => {
  browserErrors.allow(/status of 40[13]/, "the session checks before sign-in and after deactivation");
  test.setTimeout(SELF_SERVICE_TIMEOUT);
  const other = await otherBrowser(browser, info);
  try {
    const theirs = await other.newPage();
    await signedInRequest(theirs.request, base, { email: invitee.email, password: "brand-new-password-2" });
    await theirs.goto(`${base}/admin/leads`);
    await expect(theirs.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

    await signInWithForm(page, admin);
    await expect(page).toHaveURL(`${base}/admin/dashboard`);
    await page.goto(`${base}/admin/users`);
    const row = page.getByTestId("staff-row").filter({ hasText: invitee.email });
    // Named "Deactivate" exactly (a contract), the row's e-mail its description.
    const deactivate = row.getByRole("button", { name: "Deactivate", exact: true });
    await expect(deactivate).toHaveAccessibleDescription(invitee.email);
    await deactivate.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Deactivate ${invitee.email}?`);
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(toast(page, `${invitee.email} deactivated`)).toBeVisible();
    await expect(row.getByRole("button", { name: "Reactivate", exact: true })).toHaveAccessibleDescription(invitee.email);
    await expectNoHorizontalOverflow(page);

    // Their next click (another page, which reads their sessions) lands on the login page.
    await theirs.getByRole("link", { name: "Your account" }).click();
    await expect(theirs).toHaveURL(`${base}/admin/login`);
    await signInWithForm(theirs, { email: invitee.email, password: "brand-new-password-2" });
    await expect(toast(theirs, "This account has been deactivated")).toBeVisible();
  } finally {
    await other.close();
  }
});

test("bookings: loading, empty, then populated newest first with attribution, filters, pages and CSV export", async ({ page }) => {
  await signedInRequest(page.request, base, admin);
  const release = await holdRequests(page, "**/api/admin/bookings/search");
  await page.goto(`${base}/admin/bookings`);
  await expect(page.getByTestId("bookings-loading")).toBeVisible();
  await release();
  await expect(page.getByTestId("bookings-empty")).toContainText("No booking inquiries yet.");

  // 27 leads through the real lead API: 26 from the booking dialog, then one enterprise lead with attribution.
  for (let i = 0; i < 26; i++) {
    await submitLead(page, {
      name: `Dialog Lead ${String(i).padStart(2, "0")}`,
      job_title: "Owner",
      work_email: `lead${i}@plumbing.example`,
      company_name: `Plumbing ${i}`,
      total_calls: 100 + i,
    });
  }
  await submitLead(page, {
    source_form: "enterprise_inline",
    name: "Enterprise Buyer",
    job_title: "CIO",
    work_email: "cio@bigco.example",
    company_name: "BigCo",
    ai_goal: "Route every support call",
    total_calls: null,
    attribution: { utm_source: "linkedin", utm_campaign: "q3-enterprise", page_path: "/enterprise" },
  });

  await page.reload();
  const rows = page.getByTestId("booking-row");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("Enterprise Buyer");
  await expect(rows.first()).toContainText("Enterprise form");
  await expect(rows.nth(1)).toContainText("Dialog Lead 25");
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  await rows.first().getByRole("button", { name: "Details" }).click();
  await expect(page.getByText("linkedin")).toBeVisible();
  await expect(page.getByText("q3-enterprise")).toBeVisible();
  await expect(page.getByText("Route every support call")).toBeVisible();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText("Dialog Lead 00");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(rows).toHaveCount(25);

  await page.getByLabel("Search").fill("PLUMBING 1");
  await page.getByRole("button", { name: "Apply filters" }).click();
  // Plumbing 1 and Plumbing 10-19.
  await expect(rows).toHaveCount(11);
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Source form").selectOption("enterprise_inline");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(2);
  expect(csv).toContain("Enterprise Buyer");
  expect(csv).toContain("linkedin");

  await page.getByLabel("From", { exact: true }).fill("2001-01-01");
  await page.getByLabel("To", { exact: true }).fill("2001-01-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("bookings-empty")).toContainText("No booking inquiries match these filters.");
  await page.getByLabel("From", { exact: true }).fill("2001-02-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
});

test("bookings: 'Failed to fetch bookings' when the list cannot be read", { tag: "@any-width" }, async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 500/, "the test makes the list fail");
  await signedInRequest(page.request, base, admin);
  const failing = await failRequests(page, "**/api/admin/bookings/search", { status: 500, json: { error: "boom" } });
  await page.goto(`${base}/admin/bookings`);
  await expect(page.getByTestId("bookings-loading")).toBeVisible();
  failing.release();
  // The first request and three retries with back-off (this server's base delay is 20 ms, see
  // global-setup.ts; 1 s in a deployment) before the error shows.
  await expect(toast(page, "Failed to fetch bookings")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch bookings" })).toBeVisible();
  expect(failing.attempts()).toBe(4);
});

test("users: assign, duplicate, unknown and malformed ids, remove, last admin, and the audit log", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 4(09|22)/, "the unknown id, the duplicate role and the last admin role are refused");
  await signedInRequest(page.request, base, admin);
  await page.goto(`${base}/admin/users`);
  const rows = page.getByTestId("role-row");
  // The seeded staff, and the colleague the invitation test (earlier in this serial file) let in.
  await expect(rows.filter({ hasText: admin.email })).toHaveCount(1);
  const seeded = await rows.count();
  expect(seeded).toBeGreaterThanOrEqual(3);

  // Malformed id: the shared schema's message, nothing sent.
  await page.getByLabel("User ID").fill("abc");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(page.getByText("Invalid user ID format")).toBeVisible();

  // Unknown id: the foreign-key message.
  await page.getByLabel("User ID").fill(crypto.randomUUID());
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "User ID does not exist in the system")).toBeVisible();

  // Find by email, default role "user" already held: the unique-violation message.
  await page.getByLabel("Find user by email").fill(newHire.email);
  await page.getByRole("button", { name: "Find" }).click();
  // The field still holds the unknown id until the lookup answers: wait for the answer.
  await expect(toast(page, `Found ${newHire.email}`)).toBeVisible();
  await expect(page.getByLabel("User ID")).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole("form", { name: "Assign a role" }).getByLabel("Role")).toHaveValue("user");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "This user already has this role")).toBeVisible();

  await page.getByRole("form", { name: "Assign a role" }).getByLabel("Role").selectOption("moderator");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "Role moderator assigned successfully")).toBeVisible();
  await expect(rows).toHaveCount(seeded + 1);
  const newest = rows.first();
  await expect(newest).toContainText(newHire.email);
  await expect(newest).toContainText("moderator");
  const idCell = newest.locator("td").first();
  await expect(idCell).toHaveText(/^[0-9a-f]{8}$/);
  // The assigned date, numeric month/day/year (1/5/2026).
  const now = new Date();
  await expect(newest.locator("td").nth(3)).toHaveText(`${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`);

  await newest.getByRole("button", { name: /Remove role moderator/ }).click();
  await expect(toast(page, "Role removed successfully")).toBeVisible();
  await expect(rows).toHaveCount(seeded);

  // The only admin role cannot go.
  await rows.filter({ hasText: admin.email }).getByRole("button", { name: /Remove role admin/ }).click();
  await expect(toast(page, "Failed to remove role")).toBeVisible();
  await expect(toast(page, /last admin role/)).toBeVisible();
  await expect(rows).toHaveCount(seeded);

  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  const audit = page.getByTestId("audit-row");
  await expect(audit.first()).toContainText("Removed role");
  await expect(audit.first()).toContainText(admin.email);
  await expect(audit.nth(1)).toContainText("Assigned role");
  await expect(page.getByTestId("audit-row").filter({ hasText: "Exported bookings" })).toHaveCount(1);
});

test("users: loading and 'Failed to fetch user roles' states", { tag: "@any-width" }, async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 503/, "the test makes the list fail");
  await signedInRequest(page.request, base, admin);
  const failing = await failRequests(page, "**/api/admin/roles", { status: 503, json: { error: "down" } });
  await page.goto(`${base}/admin/users`);
  await expect(page.getByTestId("roles-loading")).toBeVisible();
  failing.release();
  await expect(toast(page, "Failed to fetch user roles")).toBeVisible();
  expect(failing.attempts()).toBe(4);
});

test("two-factor: enrol on the account page, then sign in with a code", { tag: "@any-width" }, async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[01]/, "the session check after logout, and the code that is too short");
  await signedInRequest(page.request, base, admin);
  await page.goto(`${base}/admin/account`);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await page.getByLabel("Confirm your password").fill(admin.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("totp-qr").locator("svg")).toBeVisible();
  await expect(page.getByTestId("backup-codes").locator("li")).toHaveCount(10);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  // The account page at 1280 (admin-passkeys.spec.ts saves it at 390, with a passkey).
  await screenshot(page, "account");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${base}/admin/login`);
  await signInWithForm(page, admin);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill("12");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Logged in successfully")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
});
