import type { Locator, Page } from "@playwright/test";
import { holdRequests } from "./held-requests";
import { expect, test, uniqueEmail, type LeadDesk } from "./fixtures";
import { ENTERPRISE_SCHEDULER, dataLayerEvents, interceptThirdParties, x } from "./leads-fixtures";
import { openDialogWith, settled } from "./pages-support";

const DIALOG_TITLE = "Book an enterprise consultation";
const DIALOG_SUCCESS = "Your enterprise consultation request has been submitted. We'll contact you shortly to schedule your consultation.";

// The leads server: bot check on, notifications to a local receiver (see global-setup.ts).
test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

/** The one row stored for this submission: an enterprise lead carries an AI goal and no call count. */
async function expectStoredOnce(leadDesk: LeadDesk, email: string) {
  await expect.poll(async () => (await leadDesk.bookings(email)).length).toBe(1);
  const [row] = await leadDesk.bookings(email);
  expect(row!.totalCalls).toBeNull();
  expect(row!.aiGoal).toEqual(expect.any(String));
  expect(["enterprise_dialog", "enterprise_inline"]).toContain(row!.sourceForm);
  return row!;
}

type Values = { name: string; jobTitle: string; email: string; company: string; goal: string; consent: boolean };
const valid = (over: Partial<Values> = {}): Values => ({
  name: "Grace Hopper",
  jobTitle: "VP Operations",
  email: "grace@example.com",
  company: "Compilers Inc",
  goal: "Answer every support call in under five seconds",
  consent: true,
  ...over,
});

async function fill(form: Locator, v: Values) {
  await form.getByLabel("Full name").fill(v.name);
  await form.getByLabel("Job title").fill(v.jobTitle);
  await form.getByLabel("Work email").fill(v.email);
  await form.getByLabel("Company name").fill(v.company);
  await form.getByLabel("What do you want AI to do for your team?").fill(v.goal);
  const consent = form.getByRole("checkbox");
  await consent.setChecked(v.consent);
}

async function openConsultDialog(page: Page, path: string, buttonName: string): Promise<Locator> {
  await page.goto(path);
  const dialog = page.getByRole("dialog", { name: DIALOG_TITLE });
  return openDialogWith(page, page.locator("main").getByRole("button", { name: buttonName }).first(), dialog);
}

const popups = (page: Page) =>
  page.evaluate(() => (window as unknown as { __calendlyPopups?: { url: string }[] }).__calendlyPopups ?? []);

// The form works the same at any width: every test here runs once, in the phone project (tag
// @phone-width, see playwright.config.ts), where most visitors are.
const phoneOnly = { tag: "@phone-width" };

test("consultation dialog from /compare: cta_book_click with location compare, validation, submitting, stored, toast, closed, scheduler with the AI goal", phoneOnly, async ({
  context,
  page,
  leadDesk,
}, info) => {
  const email = uniqueEmail(info, "grace");
  await interceptThirdParties(context);
  const dialog = await openConsultDialog(page, "/compare", "Book a demo");
  const events = await dataLayerEvents(page);
  expect(events.filter((e) => e.event === "cta_book_click").map((e) => e.location)).toEqual(["compare"]);
  expect(events.filter((e) => e.event === "enterprise_consult_click")).toEqual([]);
  await expect(dialog).toHaveCSS("max-width", "672px");

  const submit = dialog.getByRole("button", { name: "Request consultation" });
  await submit.click();
  for (const message of [
    "Name is required",
    "Job title is required",
    "Invalid email address",
    "Company name is required",
    "AI goal is required",
    "You must consent to be contacted to proceed",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await fill(dialog, valid({ name: x(101), jobTitle: x(101), email: `${x(250)}@example.com`, company: x(101), goal: x(501) }));
  await submit.click();
  for (const message of [
    "Name must be less than 100 characters",
    "Job title must be less than 100 characters",
    "Email must be less than 255 characters",
    "Company name must be less than 100 characters",
    "AI goal must be less than 500 characters",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }

  await fill(dialog, valid({ email }));
  const release = await holdRequests(page, "**/api/submit-booking");
  await submit.click();
  await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  const answered = page.waitForResponse("**/api/submit-booking");
  await release();
  const { reference } = (await (await answered).json()) as { reference: string };
  expect(reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText("Success!", { exact: true })).toBeVisible();
  await expect(page.getByText(DIALOG_SUCCESS)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = await expectStoredOnce(leadDesk, email);
  expect(row).toMatchObject({ name: "Grace Hopper", pagePath: "/compare", sourceForm: "enterprise_dialog", aiGoal: "Answer every support call in under five seconds" });
  expect(await page.evaluate(() => (window as unknown as { __recaptchaActions: string[] }).__recaptchaActions)).toEqual(["enterprise_scheduler"]);

  await expect.poll(async () => (await popups(page)).length).toBe(1);
  const url = new URL((await popups(page))[0]!.url);
  expect(`${url.origin}${url.pathname}`).toBe(ENTERPRISE_SCHEDULER);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    name: "Grace Hopper",
    email,
    guests: email,
    a1: "Compilers Inc",
    a2: "VP Operations",
    a3: "Answer every support call in under five seconds",
    utm_source: "website",
    utm_content: reference,
  });

  // Booked in the scheduler: the page reports it for this lead as it moves on.
  await page.frameLocator('[data-testid="calendly-popup"]').getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/booking-success$/);
  await expect.poll(async () => (await leadDesk.leads(email)).map((l) => [l.source, l.status])).toEqual([["enterprise_dialog", "meeting_booked"]]);
});

// The booking dialog's lead goes through the same submission (app/features/lead-capture): its
// "reCAPTCHA not ready" is this one.
test("consultation dialog: bot check configured but not loadable: 'reCAPTCHA not ready', nothing sent, open with the values; closing resets", phoneOnly, async ({ context, page, browserErrors }) => {
  browserErrors.allow(/ERR_BLOCKED_BY_CLIENT/, "the test blocks reCAPTCHA's script");
  await interceptThirdParties(context, { recaptcha: "blocked" });
  const posts: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/submit-booking") && posts.push(r.url()));
  const dialog = await openConsultDialog(page, "/enterprise", "Book a consultation");
  const events = await dataLayerEvents(page);
  expect(events.filter((e) => e.event === "enterprise_consult_click")).toHaveLength(1);
  expect(events.filter((e) => e.event === "cta_book_click")).toEqual([]);
  await fill(dialog, valid({ name: "Not Ready" }));
  await dialog.getByRole("button", { name: "Request consultation" }).click();
  await expect(page.getByText("reCAPTCHA not ready. Please refresh and try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toHaveValue("Not Ready");
  expect(posts).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.locator("main").getByRole("button", { name: "Book a consultation" }).first().click();
  await expect(dialog.getByLabel("Full name")).toHaveValue("");
  await expect(dialog.getByRole("checkbox")).not.toBeChecked();
});

test("consultation dialog: a failed answer shows 'Error' / 'Failed to save information. Please try again.'", phoneOnly, async ({ context, page, leadDesk }, info) => {
  await interceptThirdParties(context);
  const dialog = await openConsultDialog(page, "/enterprise", "Book a consultation");
  const email = uniqueEmail(info, "down");
  await fill(dialog, valid({ name: "Server Down", email }));
  await page.route("**/api/submit-booking", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false, error: "Database unavailable" }) }),
  );
  await dialog.getByRole("button", { name: "Request consultation" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Failed to save information. Please try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("What do you want AI to do for your team?")).toHaveValue("Answer every support call in under five seconds");
  expect(await leadDesk.bookings(email)).toEqual([]);
});

test("inline request form on /enterprise: loads reCAPTCHA on first focus, then 'Request submitted' and 'Submit another request'", phoneOnly, async ({
  context,
  page,
  leadDesk,
}, info) => {
  const email = uniqueEmail(info, "ida");
  const requests = await interceptThirdParties(context);
  await page.goto("/enterprise");
  const form = page.getByRole("form", { name: "Enterprise consultation request" });
  await settled(page);
  expect(requests.filter((r) => r.includes("recaptcha"))).toEqual([]);
  await expect(async () => {
    await form.getByLabel("Full name").focus();
    expect(requests.filter((r) => r.includes("recaptcha/api.js"))).toHaveLength(1);
  }).toPass({ timeout: 15_000 });

  await form.getByRole("button", { name: "Submit request" }).click();
  await expect(form.getByText("AI goal is required", { exact: true })).toBeVisible();
  await fill(form, valid({ name: "Inline Ida", email }));
  await form.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByText("Request submitted!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Request submitted" })).toBeVisible();
  const row = await expectStoredOnce(leadDesk, email);
  expect(row).toMatchObject({ name: "Inline Ida", sourceForm: "enterprise_inline", pagePath: "/enterprise" });
  expect(await page.evaluate(() => (window as unknown as { __recaptchaActions: string[] }).__recaptchaActions)).toEqual(["enterprise_booking"]);
  await expect.poll(async () => (await popups(page)).length).toBe(1);
  expect(new URL((await popups(page))[0]!.url).searchParams.get("a3")).toBe("Answer every support call in under five seconds");

  // The visitor closes the scheduler popup, then starts over.
  await page.evaluate(() => document.querySelector('[data-testid="calendly-popup"]')?.remove());
  await page.getByRole("button", { name: "Submit another request" }).click();
  await expect(form.getByLabel("Full name")).toHaveValue("");
});

test("inline form errors: the server's message, or 'Failed to submit. Please try again.' when the network fails", phoneOnly, async ({
  context,
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 429|ERR_CONNECTION_REFUSED/, "the test answers 429, then refuses the connection");
  await interceptThirdParties(context);
  await page.goto("/enterprise");
  const form = page.getByRole("form", { name: "Enterprise consultation request" });
  // Focus loads the form's code; the consent box works only once it has hydrated.
  await form.getByLabel("Full name").focus();
  await expect(page.locator("div[data-hydrated]").filter({ has: form })).toHaveCount(1, { timeout: 15_000 });
  await fill(form, valid({ name: "Flaky Net" }));
  await page.route("**/api/submit-booking", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ success: false, error: "Too many submissions from your network. Please try again later." }) }),
  );
  await form.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByText("Too many submissions from your network. Please try again later.")).toBeVisible();
  await page.unroute("**/api/submit-booking");
  await page.route("**/api/submit-booking", (route) => route.abort("connectionrefused"));
  await form.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByText("Failed to submit. Please try again.")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Flaky Net");
});

test("inline form on /enterprise: an empty submit before its code has loaded shows the form's own messages on the first press", phoneOnly, async ({
  context,
  page,
}) => {
  await interceptThirdParties(context);
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && !r.url().includes("/api/events") && posts.push(r.url()));
  // Every script held: the press lands on the prerendered form, before any of the page's code.
  const release = await holdRequests(page, /\/assets\/[^/]+\.js$/);
  await page.goto("/enterprise", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Enterprise consultation request" });
  await form.getByRole("button", { name: "Submit request" }).click();
  // The browser's own check did not stop the press: held for the form's code, no bubble.
  expect(await form.getByLabel("Full name").evaluate((input: HTMLInputElement) => input.matches(":focus"))).toBe(false);
  await release();
  for (const message of ["Name is required", "Job title is required", "Company name is required", "AI goal is required"]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible({ timeout: 15_000 });
  }
  expect(posts).toEqual([]);
});
