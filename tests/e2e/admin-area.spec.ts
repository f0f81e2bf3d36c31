import crypto from "node:crypto";
import fs from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page, PlaywrightWorkerArgs, TestInfo } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, projectDevice, randomIp, signedInRequest, test, uniqueEmail } from "./fixtures";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { failRequests, holdRequests } from "./held-requests";
import { expectNoHorizontalOverflow, expectNothingScrollsSideways } from "./pages-support";
import { screenshotInParts } from "./screenshots";
import { staffAccounts, type E2EServer } from "./servers";
import { firstLinkIn, mailTo, type SinkMessage } from "./staff-mail";

/**
 * The staff area end to end, on this browser project's own admin server (global-setup.ts): staff
 * accounts of every role made the way admin:create makes them, an empty lead table at the start,
 * leads submitted through the real lead API. Staff mail goes by SMTP to a local sink, which the
 * tests read the links from. Each test has data of its own (an account no other test changes, an
 * address no other test invites), so the tests run side by side, in any order.
 *
 * Here is what only a browser sees: pages, navigation, redirects, messages and toasts. What the
 * server answers (status codes, refusals, the last-admin guard, audit rows, CSV content, what a
 * filter finds) is tested with app.request() in tests/api: admin-access, admin-roles,
 * admin-bookings, admin-invitations-list and auth-*. The flows run at desktop width; the phone
 * tests check that the screens these flows pass through fit 390 px.
 *
 * STAFF_SCREENSHOTS=<dir> also saves the self-service screens there (invite, accept, forgot and
 * reset password, the account page), at the project's width: 1280 and 390.
 */
const { admin, moderator, newHire, assignee, forgetful, leaver, enrolling } = staffAccounts;

const shots = process.env.STAFF_SCREENSHOTS;

let server: E2EServer = { url: "" };
let base = "";
let width = "";
test.beforeEach(async ({ servers }, info) => {
  server = servers.admin;
  base = server.url;
  width = String(info.project.use.viewport?.width ?? "");
});

const screenshot = (page: Page, name: string) => screenshotInParts(page, shots, `${name}-${width}`);

const NEW_PASSWORD = "brand-new-password-2";

/** The reset-password page of `link`: its form, nothing sideways; a new password sent. */
async function resetPasswordAt(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByLabel("New password")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "reset-password");
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset password" }).click();
}

/** The invitation page refusing its link: the reason, no form, nothing sideways. */
async function expectInvitationRefused(page: Page, reason: string, shot: string) {
  await expect(page.getByRole("alert")).toContainText(reason);
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, shot);
}

/**
 * The admin's session cookies on a server, signed in once per worker and kept: most tests need an
 * admin signed in, not the sign-in (the staff sign-in test goes through that), and a password
 * sign-in hashes with scrypt, 1-2 s a time. A logout ends only the session that logs out, and no
 * test changes the admin's password or second factor, so the session lasts the run.
 */
const adminSessions = new Map<string, Promise<Awaited<ReturnType<BrowserContext["cookies"]>>>>();
async function signInAsAdmin(context: BrowserContext, playwright: PlaywrightWorkerArgs["playwright"], at = base) {
  let session = adminSessions.get(at);
  if (!session) {
    session = (async () => {
      const request = await playwright.request.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
      try {
        await signedInRequest(request, at, admin);
        return (await request.storageState()).cookies;
      } finally {
        await request.dispose();
      }
    })();
    adminSessions.set(at, session);
  }
  await context.addCookies(await session);
}

/** Signs in with the login form the page shows. */
async function fillSignIn(page: Page, who: { email: string; password: string }) {
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

const INVITATION_MAIL = /^You are invited to the admin area$/;
const RESET_MAIL = /^Reset your admin password$/;

/**
 * The link in the newest message to `to` with this subject, once one arrived. By subject: a
 * moderator also gets mail about the leads the rotation gives them, which other tests submit.
 */
async function linkMailedTo(at: E2EServer, to: string, subject: RegExp): Promise<string> {
  let found: SinkMessage[] = [];
  await expect
    .poll(async () => (found = (await mailTo(at, to)).filter((m) => subject.test(m.subject))).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  return firstLinkIn(at, found.at(-1)!);
}

/** An invitation the admin signed in on `request` sends through the API (the invite form has its own test), and its link. */
async function invitationLink(request: APIRequestContext, at: E2EServer, email: string): Promise<string> {
  const res = await request.post(`${at.url}/api/admin/invitations`, { headers: { Origin: at.url }, data: { email, role: "moderator" } });
  expect(res.status(), await res.text()).toBe(201);
  return linkMailedTo(at, email, INVITATION_MAIL);
}

// Tests in which more than one person signs in or waits for mail: a password sign-in hashes with
// scrypt, and on a loaded two-core machine such a test takes 20-30 s, against the 30 s default.
const SIGN_IN_TIMEOUT = 60_000;

// Messages: docs/product.md#admin-login.
test("a visitor: every admin page checks the session with a spinner and sends them to the login page, whose form validates and shows the server's error", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 40[13]/, "the session check answers 401 without a session, and so does the wrong password");
  // /admin itself is a page of the site that opens the admin area.
  expect((await page.goto(`${base}/admin`))?.status()).toBe(200);
  await expect(page).toHaveURL(`${base}/admin/login`);
  for (const path of ["/admin/dashboard", "/admin/bookings", "/admin/users"]) {
    const release = await holdRequests(page, "**/api/admin/me");
    await page.goto(`${base}${path}`);
    await expect(page.getByRole("status").filter({ hasText: "Checking your session" })).toBeVisible();
    await release();
    await expect(page).toHaveURL(`${base}/admin/login`);
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  }

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expectNoClassConflicts(page);

  await fillSignIn(page, { email: admin.email, password: "wrong-password" });
  await expect(toast(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
});

test("staff sign in with the form and land by role: without a staff role signed out again, a moderator on the lead desk alone, an admin on the dashboard", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 40[13]/, "the session checks while signed out, the session without a staff role, and the moderator's refused roles call");
  test.setTimeout(SIGN_IN_TIMEOUT);

  // No staff role: 'Access Denied', and signed out for real (the session no longer exists on the server).
  await page.goto(`${base}/admin/login`);
  await fillSignIn(page, newHire);
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(toast(page, "You don't have admin privileges")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(401);

  // A moderator: the lead desk, nothing else, and the users page sends them back to it.
  await fillSignIn(page, moderator);
  await expect(page).toHaveURL(`${base}/admin/leads`);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Leads"]);
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await page.goto(`${base}/admin/users`);
  await expect(page).toHaveURL(`${base}/admin/leads`);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${base}/admin/login`);

  // An admin: the dashboard, where the login page now sends them too, until they log out.
  await fillSignIn(page, admin);
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

const inviteForm = (page: Page) => page.getByRole("form", { name: "Invite a colleague" });

/** A browser of another person, at this project's width, from an address of its own. */
const otherBrowser = (browser: Browser, info: TestInfo) =>
  browser.newContext({ ...projectDevice(info.project.use), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });

test("invite a colleague: the e-mail's link sets their password and signs them in on the lead desk; the link then opens nothing", async ({ page, browser, playwright, browserErrors }, info) => {
  browserErrors.allow(/status of 4(01|10)/, "the colleague's session check before sign-in, and the used link's check");
  test.setTimeout(SIGN_IN_TIMEOUT);
  const email = uniqueEmail(info, "rep");
  await signInAsAdmin(page.context(), playwright);
  await page.goto(`${base}/admin/users`);
  await inviteForm(page).getByLabel("Email", { exact: true }).fill(email);
  await inviteForm(page).getByLabel("Role").selectOption("moderator");
  await inviteForm(page).getByRole("button", { name: "Invite" }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "users-invite");

  const link = await linkMailedTo(server, email, INVITATION_MAIL);
  expect(link).toContain("/admin/accept-invitation#token=");
  const colleague = await otherBrowser(browser, info);
  try {
    const theirs = await colleague.newPage();
    await theirs.goto(link);
    await expect(theirs.getByText(email)).toBeVisible();
    // The token left the address bar as soon as the page read it.
    expect(theirs.url()).toBe(`${base}/admin/accept-invitation`);
    await expectNoHorizontalOverflow(theirs);
    await screenshot(theirs, "accept-invitation");
    await theirs.getByLabel("Password", { exact: true }).fill("invited-password-1");
    await theirs.getByLabel("Confirm password").fill("invited-password-1");
    await theirs.getByRole("button", { name: "Create account" }).click();
    await expect(theirs).toHaveURL(`${base}/admin/leads`);
    await expect(theirs.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

    // The same link again: refused on the page, no form.
    await theirs.goto(link);
    await expectInvitationRefused(theirs, "This invitation link has already been used", "accept-invitation-used");
  } finally {
    await colleague.close();
  }
});

test("forgot password: the e-mail's link sets a new one once, and they sign in with it", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[01]/, "the session checks while signed out, and the used link");
  test.setTimeout(SIGN_IN_TIMEOUT);
  await page.goto(`${base}/admin/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The login page has an Email field too: fill the reset form's once it is the page.
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email").fill(forgetful.email);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "reset link is on its way" })).toBeVisible();
  const link = await linkMailedTo(server, forgetful.email, RESET_MAIL);
  expect(link).toContain("/admin/reset-password#token=");

  await resetPasswordAt(page, link);
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

  await page.getByRole("link", { name: "Go to sign in" }).click();
  await fillSignIn(page, { email: forgetful.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(`${base}/admin/leads`);
});

test("deactivate a signed-in colleague: their next click lands on the login page, and they cannot sign in", async ({ page, browser, playwright, browserErrors }, info) => {
  browserErrors.allow(/status of 40[13]/, "the colleague's session checks after deactivation, and their refused sign-in");
  test.setTimeout(SIGN_IN_TIMEOUT);
  const other = await otherBrowser(browser, info);
  try {
    const theirs = await other.newPage();
    await signedInRequest(theirs.request, base, leaver);
    await theirs.goto(`${base}/admin/leads`);
    await expect(theirs.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

    await signInAsAdmin(page.context(), playwright);
    await page.goto(`${base}/admin/users`);
    const row = page.getByTestId("staff-row").filter({ hasText: leaver.email });
    // Named "Deactivate" exactly (a contract), the row's e-mail its description.
    const deactivate = row.getByRole("button", { name: "Deactivate", exact: true });
    await expect(deactivate).toHaveAccessibleDescription(leaver.email);
    await deactivate.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Deactivate ${leaver.email}?`);
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(toast(page, `${leaver.email} deactivated`)).toBeVisible();
    await expect(row.getByRole("button", { name: "Reactivate", exact: true })).toHaveAccessibleDescription(leaver.email);
    await expectNoHorizontalOverflow(page);

    // Their next click (another page, which reads their sessions) lands on the login page.
    await theirs.getByRole("link", { name: "Your account" }).click();
    await expect(theirs).toHaveURL(`${base}/admin/login`);
    // Their password went with their access (docs/decisions/0206): refused as any wrong one.
    await fillSignIn(theirs, leaver);
    await expect(toast(theirs, "Invalid email or password")).toBeVisible();
  } finally {
    await other.close();
  }
});

test("bookings: loading, empty, then populated newest first with attribution, filters, pages and CSV export", async ({ page, playwright }) => {
  await signInAsAdmin(page.context(), playwright);
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

  // The file holds the list as filtered: its header and the one row (its columns: admin-bookings.test.ts).
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(2);
  expect(csv).toContain("Enterprise Buyer");

  await page.getByLabel("From", { exact: true }).fill("2001-01-01");
  await page.getByLabel("To", { exact: true }).fill("2001-01-31");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("bookings-empty")).toContainText("No booking inquiries match these filters.");
  await page.getByLabel("From", { exact: true }).fill("2001-02-01");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
});

test("the bookings, users, leads and analytics screens show their loading state, then say they failed after the retries", async ({ page, playwright, browserErrors }) => {
  browserErrors.allow(/status of 50[03]/, "the test makes the lists fail");
  await signInAsAdmin(page.context(), playwright);
  // Each list: the first request and three retries with back-off (this server's base delay is
  // 20 ms, see global-setup.ts; 1 s in a deployment) before the error shows, as a toast and, where
  // the list stands alone on its page, in its place.
  for (const screen of [
    { api: "**/api/admin/bookings/search", path: "/admin/bookings", loading: "bookings-loading", message: "Failed to fetch bookings", inPlace: true, status: 500 },
    { api: "**/api/admin/roles", path: "/admin/users", loading: "roles-loading", message: "Failed to fetch user roles", inPlace: false, status: 503 },
    { api: "**/api/admin/leads/search", path: "/admin/leads", loading: "leads-loading", message: "Failed to fetch leads", inPlace: true, status: 500 },
    { api: "**/api/admin/analytics?*", path: "/admin/analytics", loading: "analytics-loading", message: "Failed to fetch analytics", inPlace: true, status: 500 },
  ]) {
    const failing = await failRequests(page, screen.api, { status: screen.status, json: { error: "boom" } });
    await page.goto(`${base}${screen.path}`);
    await expect(page.getByTestId(screen.loading)).toBeVisible();
    failing.release();
    await expect(toast(page, screen.message)).toBeVisible();
    if (screen.inPlace) await expect(page.getByRole("alert").filter({ hasText: screen.message })).toBeVisible();
    expect(failing.attempts(), screen.path).toBe(4);
  }
});

test("users: assign, duplicate, unknown and malformed ids, remove, the last admin, and the audit log", async ({ page, playwright, browserErrors }) => {
  browserErrors.allow(/status of 4(09|22)/, "the unknown id, the duplicate role and the last admin role are refused");
  await signInAsAdmin(page.context(), playwright);
  // An export for the audit log to show, under a search no other test makes.
  const marker = `audit-${crypto.randomUUID().slice(0, 8)}`;
  const exported = await page.request.post(`${base}/api/admin/bookings/export`, { headers: { Origin: base }, data: { q: marker } });
  expect(exported.status()).toBe(200);
  await page.goto(`${base}/admin/users`);
  const rows = page.getByTestId("role-row");
  const adminRows = rows.filter({ hasText: admin.email });
  const assigneeRows = rows.filter({ hasText: assignee.email });
  await expect(adminRows).toHaveCount(1);
  await expect(assigneeRows).toHaveCount(1);

  // Malformed id: the shared schema's message, nothing sent.
  await page.getByLabel("User ID").fill("abc");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(page.getByText("Invalid user ID format")).toBeVisible();

  // Unknown id: the foreign-key message.
  await page.getByLabel("User ID").fill(crypto.randomUUID());
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "User ID does not exist in the system")).toBeVisible();

  // Find by email, default role "user" already held: the unique-violation message.
  await page.getByLabel("Find user by email").fill(assignee.email);
  await page.getByRole("button", { name: "Find" }).click();
  // The field still holds the unknown id until the lookup answers: wait for the answer.
  await expect(toast(page, `Found ${assignee.email}`)).toBeVisible();
  await expect(page.getByLabel("User ID")).toHaveValue(/^[0-9a-f-]{36}$/);
  const userId = await page.getByLabel("User ID").inputValue();
  await expect(page.getByRole("form", { name: "Assign a role" }).getByLabel("Role")).toHaveValue("user");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "This user already has this role")).toBeVisible();

  await page.getByRole("form", { name: "Assign a role" }).getByLabel("Role").selectOption("moderator");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "Role moderator assigned successfully")).toBeVisible();
  await expect(assigneeRows).toHaveCount(2);
  const given = assigneeRows.filter({ hasText: "moderator" });
  await expect(given).toHaveCount(1);
  await expect(given.locator("td").first()).toHaveText(userId.slice(0, 8));
  // The assigned date, numeric month/day/year (1/5/2026).
  const now = new Date();
  await expect(given.locator("td").nth(3)).toHaveText(`${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`);

  await given.getByRole("button", { name: /Remove role moderator/ }).click();
  await expect(toast(page, "Role removed successfully")).toBeVisible();
  await expect(assigneeRows).toHaveCount(1);

  // The only admin role cannot go.
  await adminRows.getByRole("button", { name: /Remove role admin/ }).click();
  await expect(toast(page, "Failed to remove role")).toBeVisible();
  await expect(toast(page, /last admin role/)).toBeVisible();
  await expect(adminRows).toHaveCount(1);

  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  // The log's entries about the assignee, newest first, each naming the admin who made the change.
  const audit = page.getByTestId("audit-row");
  const aboutAssignee = audit.filter({ hasText: `user ${userId.slice(0, 8)}` });
  await expect(aboutAssignee.first()).toContainText("Removed role");
  await expect(aboutAssignee.first()).toContainText(admin.email);
  await expect(aboutAssignee.nth(1)).toContainText("Assigned role");
  // The export, made first, filtered for: entries other tests write at the same time can push it
  // past the log's first page.
  await page.locator("#audit-action").selectOption({ label: "Exported bookings" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(audit.filter({ hasText: `q: ${marker}` })).toHaveCount(1);
  await expect(audit.filter({ hasNotText: "Exported bookings" })).toHaveCount(0);
});

test("two-factor: enrol on the account page, then sign in with a code", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 40[01]/, "the session check after logout, and the code that is too short");
  test.setTimeout(SIGN_IN_TIMEOUT);
  await signedInRequest(page.request, base, enrolling);
  await page.goto(`${base}/admin/account`);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await page.getByLabel("Confirm your password").fill(enrolling.password);
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
  await fillSignIn(page, enrolling);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill("12");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Logged in successfully")).toBeVisible();
  // A moderator's home, where the password sign-in sends them too.
  await expect(page).toHaveURL(`${base}/admin/leads`);
});

// Tagged @phone-width (phone project only): the screens the flows above pass through, at 390 px,
// in the same states. The lead desk and bookings at 390 are admin-leads.spec.ts's.
test("on a phone the staff screens fit: the dashboard, the studio's lists, users with an invitation, the invitation's page and its refusal, a moderator's lead desk, users after a deactivation, login, forgot and reset password", { tag: "@phone-width" }, async ({
  page,
  playwright,
  browserErrors,
}, info) => {
  browserErrors.allow(
    /status of 4(0[013]|10)/,
    "the session checks while signed out, the used invitation link, the moderator's refused roles call and the refused reset link",
  );
  // It waits for the invitation's mail, and the colleague's acceptance hashes a password and signs in.
  test.setTimeout(SIGN_IN_TIMEOUT);
  await signInAsAdmin(page.context(), playwright);
  // The dashboard: its links and cards, nothing sideways, no axe violation.
  await page.goto(`${base}/admin/dashboard`);
  await expect(page.getByTestId("signed-in-email")).toHaveText(admin.email);
  await expect(page.getByRole("link", { name: /Bookings/ }).last()).toBeVisible();
  await expect(page.getByRole("link", { name: /Users/ }).last()).toBeVisible();
  await expect(page.getByTestId("analytics-card")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await expectNoClassConflicts(page);

  // The studio's lists of roles and testimonials (seeded examples), as cards: nothing in them
  // scrolls sideways, no axe violation. The role is a draft with a closing date (the list's widest
  // card), so no public page shows it; its title is this run's own.
  const roleTitle = `Evening and Weekend Escalations Coordinator for Law Firms ${Date.now()}`;
  const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const role = await page.request.post(`${base}/api/admin/content/roles`, { headers: { Origin: base }, data: { baseVersion: 0, draft: { title: roleTitle, closesAt } } });
  expect(role.status(), await role.text()).toBeLessThan(300);
  for (const [path, shown] of [
    ["/admin/content/roles", page.getByRole("listitem").filter({ has: page.getByRole("link", { name: roleTitle, exact: true }) })],
    ["/admin/content/testimonials", page.getByTestId("testimonial-items").getByRole("listitem").first()],
  ] as const) {
    await page.goto(`${base}${path}`);
    await expect(shown).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNothingScrollsSideways(page.locator("body"));
    expect(await axeViolations(page)).toEqual([]);
  }

  // The users page with an invitation pending: role records and audit log as cards.
  const email = uniqueEmail(info, "phone-rep");
  const link = await invitationLink(page.request, server, email);
  await page.goto(`${base}/admin/users`);
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toBeVisible();
  await expect(page.getByTestId("role-row").first()).toBeVisible();
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  await screenshot(page, "users-invite");

  // Signed out: the colleague's invitation page.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(email)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "accept-invitation");
  // Accepted elsewhere, the same link is refused on the page. Which refusal (used, expired) is the
  // server's answer (tests/api/auth-staff-self-service.test.ts); the page shows it the same way.
  const elsewhere = await playwright.request.newContext();
  const accepted = await elsewhere.post(`${base}/api/staff/invitations/accept`, {
    headers: { Origin: base },
    data: { token: new URL(link).hash.replace("#token=", ""), password: "invited-password-1" },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  // Accepting signed the colleague in: their session, for their lead desk below.
  const colleague = (await elsewhere.storageState()).cookies;
  await elsewhere.dispose();
  // From another page: the invitation page took the token out of its address, so the link from
  // there would only move to the fragment of the page already open.
  await page.goto(`${base}/admin/login`);
  await page.goto(link);
  await expectInvitationRefused(page, "This invitation link has already been used", "accept-invitation-used");

  // The colleague, a moderator: the lead desk alone, nothing sideways.
  await page.context().addCookies(colleague);
  await page.goto(`${base}/admin/leads`);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  // The admin deactivates them: the users page after it, the row offering Reactivate.
  await page.context().clearCookies();
  await signInAsAdmin(page.context(), playwright);
  await page.goto(`${base}/admin/users`);
  const row = page.getByTestId("staff-row").filter({ hasText: email });
  await row.getByRole("button", { name: "Deactivate", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(toast(page, `${email} deactivated`)).toBeVisible();
  await expect(row.getByRole("button", { name: "Reactivate", exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  await screenshot(page, "users-deactivated");

  // Signed out again: the screens before sign-in.
  await page.context().clearCookies();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "forgot-password");

  // A reset link that opens nothing shows the form, then why once it is sent.
  await resetPasswordAt(page, `${base}/admin/reset-password#token=not-a-reset-token`);
  await expect(page.getByRole("alert")).toContainText("This reset link is not valid or has expired");
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "reset-password-used");
});
