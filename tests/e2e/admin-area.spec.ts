import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoClassConflicts } from "./class-conflicts";
import * as OTPAuth from "otpauth";
import { seededDataDir, spawnServer, tempDataDir, type SpawnedServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate } from "../support/admin-cli";

/**
 * The staff area end to end: our own server (embedded database in a fresh folder, or a fresh
 * PostgreSQL database when DATABASE_URL is set), staff accounts made with the real admin:create
 * command, leads submitted through the real lead API.
 */
test.describe.configure({ mode: "serial" });

const admin = { email: "owner@example.com", password: "owner-password-1" };
const moderator = { email: "mod@example.com", password: "moderator-password-1" };
const newHire = { email: "new.hire@example.com", password: "new-hire-password-1" };

let server: SpawnedServer;
let base = "";
let dropDatabase: (() => Promise<void>) | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const pg = await createPostgresDatabase();
  dropDatabase = pg?.drop ?? null;
  // Without PostgreSQL: a copy of the migrated template database (see tests/support/pglite-templates.ts),
  // so admin:create and the server skip initdb; the first start on an empty folder is tested elsewhere.
  const dataDir = pg ? tempDataDir("admin-e2e") : await seededDataDir("admin-e2e");
  const env: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir, DATABASE_URL: "" };
  for (const [who, role] of [
    [admin, "admin"],
    [moderator, "moderator"],
    [newHire, "user"],
  ] as const) {
    const result = await runAdminCreate(["--email", who.email, "--password", who.password, "--role", role], env);
    expect(result.code, result.output).toBe(0);
  }
  server = await spawnServer({
    dataDir,
    env: {
      ...env,
      // Each test signs in from its own simulated address, so the sign-in limit (5 a minute per
      // address, covered by the API tests) does not throttle this file.
      TRUST_PROXY_HEADER: "x-forwarded-for",
      LEADS_RATE_LIMIT_MAX: "1000",
      // Unset: the server then uses http://localhost:<port>, the origin the browser uses below.
      PUBLIC_URL: undefined,
    },
  });
  base = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

test.beforeEach(async ({ page }) => {
  const b = crypto.randomBytes(3);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${b[0]}.${b[1]}.${b[2]}` });
});

async function signInWithForm(page: Page, who: { email: string; password: string }) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in through the auth API (same cookie jar as the page) for tests about other screens. */
async function signInQuietly(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post(`${base}/api/auth/sign-in/email`, { headers: { Origin: base }, data: who });
  expect(res.status()).toBe(200);
}

async function submitLead(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post(`${base}/api/submit-booking`, {
    headers: { Origin: base },
    data: { idempotency_key: `e2e-${crypto.randomUUID()}`, tcpa_consent: true, ...body },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** Nothing wider than the viewport: wide tables scroll inside their own container. */
async function expectNoHorizontalOverflow(page: Page) {
  // Measured against the viewport size we asked for: on an emulated phone innerWidth grows with
  // the content, which would hide the very overflow we look for.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

// Tagged @any-width (desktop project only, see playwright.config.ts): session checks, redirects,
// error states and the two-factor flow do not depend on the width. The screens' layout (no
// horizontal overflow) and the login form are checked at both widths in the other tests.
test("every admin page checks the session with a spinner and sends visitors to the login page", { tag: "@any-width" }, async ({ page }) => {
  for (const path of ["/admin/dashboard", "/admin/bookings", "/admin/users"]) {
    await page.route("**/api/admin/me", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto(`${base}${path}`);
    await expect(page.getByRole("status").filter({ hasText: "Checking your session" })).toBeVisible();
    await expect(page).toHaveURL(`${base}/admin/login`);
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await page.unroute("**/api/admin/me");
  }
});

test("the login form validates with the spec's messages and shows the server's error", async ({ page }) => {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expectNoClassConflicts(page);

  await signInWithForm(page, { email: admin.email, password: "wrong-password" });
  await expect(toast(page, "Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
});

test("a signed-in user without the admin role is signed out with 'Access Denied'", { tag: "@any-width" }, async ({ page }) => {
  await signInWithForm(page, moderator);
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(toast(page, "You don't have admin privileges")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/login`);
  // Signed out for real: the session no longer exists on the server.
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(401);
});

test("an admin logs in to the dashboard, is sent there from the login page, and logs out", async ({ page }) => {
  await signInWithForm(page, admin);
  await expect(toast(page, "Logged in successfully")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  await expect(page.getByTestId("signed-in-email")).toHaveText(admin.email);
  await expect(page.getByRole("link", { name: /Bookings/ }).last()).toBeVisible();
  await expect(page.getByRole("link", { name: /Users/ }).last()).toBeVisible();
  const analytics = page.getByTestId("analytics-card");
  await expect(analytics).toContainText("Analytics coming soon");
  await expect(analytics).toHaveAttribute("aria-disabled", "true");
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

test("bookings: loading, empty, then populated newest first with attribution, filters, pages and CSV export", async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuietly(page, admin);
  await page.route("**/api/admin/bookings*", async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.goto(`${base}/admin/bookings`);
  await expect(page.getByTestId("bookings-loading")).toBeVisible();
  await expect(page.getByTestId("bookings-empty")).toContainText("No booking inquiries yet.");
  await page.unroute("**/api/admin/bookings*");

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

test("bookings: 'Failed to fetch bookings' when the list cannot be read", { tag: "@any-width" }, async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuietly(page, admin);
  // The one place we stand in for our own server: making it fail on demand.
  await page.route("**/api/admin/bookings*", (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
  await page.goto(`${base}/admin/bookings`);
  await expect(page.getByTestId("bookings-loading")).toBeVisible();
  // Three retries with back-off (1 s, 2 s, 4 s) before the error shows.
  await expect(toast(page, "Failed to fetch bookings")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch bookings" })).toBeVisible();
});

test("users: assign, duplicate, unknown and malformed ids, remove, last admin, and the audit log", async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuietly(page, admin);
  await page.goto(`${base}/admin/users`);
  const rows = page.getByTestId("role-row");
  await expect(rows).toHaveCount(3);

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
  await expect(page.getByLabel("User ID")).not.toHaveValue("");
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("user");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "This user already has this role")).toBeVisible();

  await page.getByLabel("Role", { exact: true }).selectOption("moderator");
  await page.getByRole("button", { name: "Assign role" }).click();
  await expect(toast(page, "Role moderator assigned successfully")).toBeVisible();
  await expect(rows).toHaveCount(4);
  const newest = rows.first();
  await expect(newest).toContainText(newHire.email);
  await expect(newest).toContainText("moderator");
  const idCell = newest.locator("td").first();
  await expect(idCell).toHaveText(/^[0-9a-f]{8}$/);
  const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date());
  await expect(newest).toContainText(today);

  await newest.getByRole("button", { name: /Remove role moderator/ }).click();
  await expect(toast(page, "Role removed successfully")).toBeVisible();
  await expect(rows).toHaveCount(3);

  // The only admin role cannot go.
  await rows.filter({ hasText: admin.email }).getByRole("button", { name: /Remove role admin/ }).click();
  await expect(toast(page, "Failed to remove role")).toBeVisible();
  await expect(toast(page, /last admin role/)).toBeVisible();
  await expect(rows).toHaveCount(3);

  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  const audit = page.getByTestId("audit-row");
  await expect(audit.first()).toContainText("Removed role");
  await expect(audit.first()).toContainText(admin.email);
  await expect(audit.nth(1)).toContainText("Assigned role");
  await expect(page.getByTestId("audit-row").filter({ hasText: "Exported bookings" })).toHaveCount(1);
});

test("users: loading and 'Failed to fetch user roles' states", { tag: "@any-width" }, async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuietly(page, admin);
  await page.route("**/api/admin/roles", (route) => route.fulfill({ status: 503, json: { error: "down" } }));
  await page.goto(`${base}/admin/users`);
  await expect(page.getByTestId("roles-loading")).toBeVisible();
  await expect(toast(page, "Failed to fetch user roles")).toBeVisible({ timeout: 20_000 });
});

test("two-factor: enrol from the dashboard, then sign in with a code", { tag: "@any-width" }, async ({ page }) => {
  test.setTimeout(60_000);
  await signInQuietly(page, admin);
  await page.goto(`${base}/admin/dashboard`);
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
