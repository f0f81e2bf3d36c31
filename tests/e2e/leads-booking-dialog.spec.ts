import type { Locator, Page } from "@playwright/test";
import { CONSENT_TEXT_VERSION } from "@shared/schemas/consent-text";
import { holdRequests } from "./held-requests";
import { expect, test, uniqueEmail, type LeadDesk } from "./fixtures";
import { DEMO_SCHEDULER, ENTERPRISE_SCHEDULER, interceptThirdParties, x } from "./leads-fixtures";
import { openDialogWith, settled } from "./pages-support";
import { expectNoClassConflicts } from "./class-conflicts";

const TITLE = "SEE HOW AI CAN TRANSFORM YOUR BUSINESS";
const SUCCESS = "Your booking request has been submitted. We'll contact you shortly to confirm your 10-minute setup call.";

// The leads server: bot check on, notifications to a local receiver (see global-setup.ts).
test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

async function openDialog(page: Page, path = "/"): Promise<Locator> {
  await page.goto(path);
  const dialog = page.getByRole("dialog", { name: TITLE });
  return openDialogWith(page, page.locator("main").getByRole("button", { name: "Book demo" }).first(), dialog);
}

/** The one row stored for this submission, with the evidence every booking carries. */
async function expectStoredOnce(leadDesk: LeadDesk, email: string) {
  await expect.poll(async () => (await leadDesk.bookings(email)).length).toBe(1);
  const [row] = await leadDesk.bookings(email);
  expect(row).toMatchObject({ sourceForm: "booking_dialog", tcpaConsent: true, consentTextVersion: CONSENT_TEXT_VERSION, aiGoal: null });
  expect(row!.userAgent).toEqual(expect.any(String));
  expect(row!.clientIp).toEqual(expect.any(String));
  return row!;
}

type BookingValues = { name: string; jobTitle: string; email: string; company: string; calls: string; consent: boolean };
const valid = (over: Partial<BookingValues> = {}): BookingValues => ({
  name: "Ada Lovelace",
  jobTitle: "Owner",
  email: "ada@example.com",
  company: "Analytical Engines",
  calls: "450",
  consent: true,
  ...over,
});

async function fill(dialog: Locator, v: BookingValues) {
  await dialog.getByLabel("Full name").fill(v.name);
  await dialog.getByLabel("Job title").fill(v.jobTitle);
  await dialog.getByLabel("Work email").fill(v.email);
  await dialog.getByLabel("Company name").fill(v.company);
  await dialog.getByLabel("Total calls per month").fill(v.calls);
  const consent = dialog.getByRole("checkbox");
  await consent.setChecked(v.consent);
}

// The form works the same at any width: every test here runs once, in the phone project (tag
// @phone-width, see playwright.config.ts), where most visitors are.
const phoneOnly = { tag: "@phone-width" };

test("nothing from reCAPTCHA or the scheduler loads with the page; opening the dialog loads reCAPTCHA", phoneOnly, async ({ context, page }) => {
  const requests = await interceptThirdParties(context);
  await page.goto("/");
  await settled(page);
  expect(requests).toEqual([]);
  const dialog = await openDialog(page);
  await expect(dialog).toHaveCSS("max-width", "672px"); // max-w-2xl
  await expect.poll(() => requests.filter((r) => r.startsWith("https://www.google.com/recaptcha/api.js")).length).toBe(1);
  expect(requests.some((r) => r.includes("calendly"))).toBe(false);
});

test("shows every validation message beside its field, and nothing is sent", phoneOnly, async ({ context, page }) => {
  await interceptThirdParties(context);
  const posts: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/submit-booking") && posts.push(r.url()));
  const dialog = await openDialog(page);
  await expect(dialog.getByRole("checkbox")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Book my call" }).click();
  for (const message of [
    "Name is required",
    "Job title is required",
    "Invalid email address",
    "Company name is required",
    "Must be at least 1",
    "You must consent to be contacted to proceed",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");

  await fill(dialog, valid({ name: x(101), jobTitle: x(101), email: `${x(250)}@example.com`, company: x(101), calls: "1000001" }));
  await dialog.getByRole("button", { name: "Book my call" }).click();
  for (const message of [
    "Name must be less than 100 characters",
    "Job title must be less than 100 characters",
    "Email must be less than 255 characters",
    "Company name must be less than 100 characters",
    "Value too large",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await fill(dialog, valid({ email: "not-an-email", calls: "0" }));
  await dialog.getByRole("button", { name: "Book my call" }).click();
  await expect(dialog.getByText("Invalid email address", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Must be at least 1", { exact: true })).toBeVisible();
  // Only spaces: trimmed, so still required.
  await fill(dialog, valid({ name: "   " }));
  await dialog.getByRole("button", { name: "Book my call" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  expect(posts).toEqual([]);
});

test("submits: 'Submitting...', stored with attribution, success toast, closed and reset, scheduler 300 ms later prefilled", phoneOnly, async ({
  context,
  page,
  leadDesk,
}, info) => {
  const email = uniqueEmail(info, "ada");
  await interceptThirdParties(context);
  // Record, in the page's own clock, when the submission's answer arrived.
  await page.addInitScript(() => {
    const original = window.fetch;
    window.fetch = async (...args) => {
      const response = await original(...args);
      if (String(args[0]).endsWith("/api/submit-booking")) (window as unknown as { __answeredAt: number }).__answeredAt = Date.now();
      return response;
    };
  });
  // Land from a campaign link, then book from another page: the landing visit is credited.
  await page.goto(`/?utm_source=e2e-news&utm_medium=email&utm_campaign=fall`, { referer: "https://news.example/issue-7" });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("lead-attribution"))).not.toBeNull();
  const dialog = await openDialog(page, "/pricing");
  await fill(dialog, valid({ name: "  Ada Lovelace  ", company: "Analytical Engines", email }));

  // Hold the answer so the submitting state is observable.
  const release = await holdRequests(page, "**/api/submit-booking");
  const button = dialog.getByRole("button", { name: "Book my call" });
  await button.click();
  const submitting = dialog.getByRole("button", { name: "Submitting..." });
  await expect(submitting).toBeVisible();
  await expect(submitting).toBeDisabled();
  const answered = page.waitForResponse("**/api/submit-booking");
  await release();
  const response = await answered;
  // The lead's reference: the scheduler link carries it, and the page reports the booking with it.
  const { reference } = (await response.json()) as { reference: string };
  expect(await response.json()).toEqual({ success: true, reference: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });

  await expect(page.getByText("Success!", { exact: true })).toBeVisible();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(dialog).toBeHidden();

  const stored = await expectStoredOnce(leadDesk, email);
  expect(stored).toMatchObject({
    name: "Ada Lovelace",
    pagePath: "/pricing",
    jobTitle: "Owner",
    workEmail: email,
    companyName: "Analytical Engines",
    totalCalls: 450,
    tcpaConsent: true,
    sourceForm: "booking_dialog",
    utmSource: "e2e-news",
    utmMedium: "email",
    utmCampaign: "fall",
    referrer: "https://news.example/issue-7",
  });
  expect(await page.evaluate(() => (window as unknown as { __recaptchaActions: string[] }).__recaptchaActions)).toEqual(["booking_scheduler"]);
  const verifications = await leadDesk.siteverifyRequests();
  expect(verifications.length).toBeGreaterThan(0);
  expect(verifications.every((r) => r.secret === "e2e-secret-key")).toBe(true);
  // The notification outbox announced it to the sales webhook.
  await expect.poll(async () => (await leadDesk.deliveries((l) => l.workEmail === email)).length).toBe(1);

  await expect.poll(() => page.evaluate(() => (window as unknown as { __calendlyPopups?: unknown[] }).__calendlyPopups?.length ?? 0)).toBe(1);
  const { popup, answeredAt } = await page.evaluate(() => {
    const w = window as unknown as { __calendlyPopups: { url: string; at: number }[]; __answeredAt: number };
    return { popup: w.__calendlyPopups[0]!, answeredAt: w.__answeredAt };
  });
  expect(popup.at - answeredAt).toBeGreaterThanOrEqual(300);
  expect(popup.at - answeredAt).toBeLessThan(3000);
  const url = new URL(popup.url);
  expect(`${url.origin}${url.pathname}`).toBe(DEMO_SCHEDULER);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    name: "Ada Lovelace",
    email,
    guests: email,
    a1: "Analytical Engines",
    a2: "Owner",
    a3: "450",
    utm_source: "website",
    utm_content: reference,
  });
  // The same message from any other origin than Calendly's (here the page itself) is ignored:
  // it neither reports a booking nor leaves the page.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const event = "https://api.calendly.com/scheduled_events/forged";
        window.postMessage({ event: "calendly.event_scheduled", payload: { event: { uri: event }, invitee: { uri: `${event}/invitees/forged` } } }, "*");
        // Messages arrive in order: once this marker is in, the forged one has been handled.
        const marker = (e: MessageEvent) => {
          if (e.data !== "e2e-marker") return;
          window.removeEventListener("message", marker);
          resolve();
        };
        window.addEventListener("message", marker);
        window.postMessage("e2e-marker", "*");
      }),
  );
  expect(new URL(page.url()).pathname).toBe("/pricing");
  expect((await leadDesk.leads(email)).map((l) => l.status)).toEqual(["new"]);

  // Booking in the scheduler posts calendly.event_scheduled: on to the confirmation page.
  await page.frameLocator('[data-testid="calendly-popup"]').getByRole("button", { name: "Confirm booking" }).click();
  // Who booked goes along in the tab's session storage, never in the URL.
  await expect(page).toHaveURL(/\/booking-success$/);
  await expect(page.getByRole("heading", { name: "Thank you, Ada Lovelace!" })).toBeVisible();
  // The page's report, sent as it left, put the lead on Meeting booked.
  await expect.poll(async () => (await leadDesk.leads(email)).map((l) => l.status)).toEqual(["meeting_booked"]);

  // Reopened, the form is empty again.
  await page.goBack();
  const again = await openDialog(page, "/pricing");
  await expect(again.getByLabel("Full name")).toHaveValue("");
  await expect(again.getByRole("checkbox")).not.toBeChecked();
});

test("an enterprise-fit booking stays in the dialog and offers the enterprise consultation first", phoneOnly, async ({ context, page, leadDesk }, info) => {
  const email = uniqueEmail(info, "insurer");
  await interceptThirdParties(context);
  const dialog = await openDialog(page, "/pricing");
  // 40,000 calls a month: above the enterprise threshold (LEADS_ENTERPRISE_CALLS_PER_MONTH, 15,000).
  await fill(dialog, valid({ name: "Ines Insurer", jobTitle: "Head of CX", company: "Harbor Mutual", calls: "40000", email }));
  const answered = page.waitForResponse("**/api/submit-booking");
  await dialog.getByRole("button", { name: "Book my call" }).click();
  const { reference } = (await (await answered).json()) as { reference: string };
  await expectStoredOnce(leadDesk, email);

  // The dialog stays open on its thank-you step, its heading focused; no scheduler opens by itself.
  await expect(dialog.getByRole("heading", { name: "Success!" })).toBeFocused();
  const consultation = dialog.getByRole("link", { name: /^Book an enterprise consultation/ });
  const demo = dialog.getByRole("link", { name: /^Book the standard demo instead/ });
  const prefill = { name: "Ines Insurer", email, guests: email, a1: "Harbor Mutual", a2: "Head of CX", a3: "40000", utm_source: "website", utm_content: reference };
  for (const [link, scheduler] of [
    [consultation, ENTERPRISE_SCHEDULER],
    [demo, DEMO_SCHEDULER],
  ] as const) {
    const url = new URL((await link.getAttribute("href"))!);
    expect(`${url.origin}${url.pathname}`).toBe(scheduler);
    expect(Object.fromEntries(url.searchParams)).toEqual(prefill);
  }
  // The consultation comes first, in reading and tab order.
  await page.keyboard.press("Tab");
  await expect(consultation).toBeFocused();
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { __calendlyPopups?: unknown[] }).__calendlyPopups?.length ?? 0)).toBe(0);
  await page.screenshot({ path: info.outputPath("enterprise-thanks-390.png") });
  // Nothing is wider than the phone's dialog.
  expect(
    await dialog.evaluate((el) => {
      const edge = el.getBoundingClientRect().right;
      return [...el.querySelectorAll("*")].filter((child) => child.getBoundingClientRect().right > edge + 0.5).length;
    }),
  ).toBe(0);
  await expectNoClassConflicts(page);

  // Closed and reopened, the dialog holds an empty form again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const again = await openDialog(page, "/pricing");
  await expect(again.getByLabel("Full name")).toHaveValue("");
});

test("a server failure shows the error toast and keeps the dialog open with the values", phoneOnly, async ({ context, page, browserErrors, leadDesk }, info) => {
  browserErrors.allow(/status of 500/, "the test answers the submission with 500");
  await interceptThirdParties(context);
  const dialog = await openDialog(page);
  const email = uniqueEmail(info, "down");
  await fill(dialog, valid({ name: "Server Down", email }));
  await page.route("**/api/submit-booking", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
  await dialog.getByRole("button", { name: "Book my call" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Failed to save information. Please try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toHaveValue("Server Down");
  await expect(dialog.getByLabel("Total calls per month")).toHaveValue("450");
  await expect(dialog.getByRole("button", { name: "Book my call" })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { __calendlyPopups?: unknown[] }).__calendlyPopups)).toBeUndefined();
  expect(await leadDesk.bookings(email)).toEqual([]);
});

test("when the scheduler widget cannot load, the prefilled scheduler opens in a new tab and the visitor is told", phoneOnly, async ({
  context,
  page,
  browserErrors,
  leadDesk,
}, info) => {
  browserErrors.allow(/ERR_BLOCKED_BY_CLIENT/, "the test blocks Calendly's widget");
  await interceptThirdParties(context, { calendly: "blocked" });
  const dialog = await openDialog(page);
  const email = uniqueEmail(info, "grace");
  // Below the enterprise threshold: the demo scheduler opens by itself (an enterprise-fit lead chooses).
  await fill(dialog, valid({ name: "Grace Hopper", email, company: "Navy", jobTitle: "Rear Admiral", calls: "9000" }));
  const popupPromise = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Book my call" }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  const tab = await popupPromise;
  const url = new URL(tab.url());
  expect(`${url.origin}${url.pathname}`).toBe(DEMO_SCHEDULER);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ name: "Grace Hopper", email, a1: "Navy", a2: "Rear Admiral", a3: "9000", utm_source: "website" });
  expect(url.searchParams.get("utm_content")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText("The scheduler could not load on this page")).toBeVisible();
  expect(await expectStoredOnce(leadDesk, email)).toMatchObject({ name: "Grace Hopper", totalCalls: 9000 });
});
