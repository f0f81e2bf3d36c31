import type { Locator, Page } from "@playwright/test";
import { holdRequests } from "./held-requests";
import { axeViolations } from "./axe";
import { expect, test, uniqueEmail, type LeadDesk } from "./fixtures";
import { interceptThirdParties, x } from "./leads-fixtures";
import { settled } from "./pages-support";

// The leads server: bot check on, notifications to a local receiver (see global-setup.ts).
test.use({ baseURL: async ({ servers }, use) => use(servers.leads.url) });

/**
 * The one contact request stored for this address, as the notification outbox delivered it (the
 * delivery carries the stored row; contact requests have no admin screen yet).
 */
async function expectStoredOnce(leadDesk: LeadDesk, email: string) {
  await expect.poll(async () => (await leadDesk.deliveries((lead) => lead.email === email)).length).toBe(1);
  const [delivery] = await leadDesk.deliveries((lead) => lead.email === email);
  expect(delivery!.kind).toBe("contact_request");
  expect(delivery!.lead.userAgent).toEqual(expect.any(String));
  return delivery!.lead;
}

/**
 * Opens /contact, turns to the form (which loads its code) and, once it has hydrated, presses
 * Send on the empty form: the form answers with its messages.
 */
async function openForm(page: Page): Promise<Locator> {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name", { exact: true }).focus();
  await expect(page.locator("div[data-hydrated]").filter({ has: form })).toHaveCount(1, { timeout: 15_000 });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Name is required", { exact: true })).toBeVisible();
  return form;
}

// The form works the same at any width: every test here runs once, in the phone project (tag
// @phone-width, see playwright.config.ts), where most visitors are.
const phoneOnly = { tag: "@phone-width" };

test("every validation message, then a stored lead and 'Thanks! We'll be in touch soon.'", phoneOnly, async ({ context, page, leadDesk }, info) => {
  const email = uniqueEmail(info, "alan");
  const requests = await interceptThirdParties(context);
  const form = await openForm(page);
  for (const message of ["Name is required", "Company is required", "Invalid email address", "Industry is required"]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByLabel("Name", { exact: true }).fill(x(101));
  await form.getByLabel("Company", { exact: true }).fill(x(101));
  await form.getByLabel("Role (optional)").fill(x(101));
  await form.getByLabel("Email", { exact: true }).fill("nope");
  await form.getByLabel("Phone (optional)").fill("call me maybe");
  await form.getByLabel("Notes (optional)").fill(x(2001));
  await form.getByRole("button", { name: "Send message" }).click();
  for (const message of [
    "Name must be less than 100 characters",
    "Company must be less than 100 characters",
    "Role must be less than 100 characters",
    "Invalid email address",
    "Invalid phone number",
    "Notes must be less than 2000 characters",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  // The reCAPTCHA script came with the first focus of the form, not with the page.
  expect(requests.filter((r) => r.includes("recaptcha/api.js"))).toHaveLength(1);

  await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await form.getByLabel("Company", { exact: true }).fill("Bletchley Trades");
  await form.getByLabel("Role (optional)").fill("Owner");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Phone (optional)").fill("+1 (555) 010-0100");
  await form.getByLabel("Industry").selectOption("trades");
  await form.getByLabel("Company size (optional)").selectOption("11-50");
  await form.getByLabel("Notes (optional)").fill("We miss calls after 5pm.");
  const release = await holdRequests(page, "**/api/contact");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await release();
  await expect(page.getByText("Thanks! We'll be in touch soon.")).toBeVisible();
  const row = await expectStoredOnce(leadDesk, email);
  expect(row).toMatchObject({
    name: "Alan Turing",
    company: "Bletchley Trades",
    role: "Owner",
    phone: "+1 (555) 010-0100",
    industry: "trades",
    companySize: "11-50",
    notes: "We miss calls after 5pm.",
    pagePath: "/contact",
  });
  expect(await page.evaluate(() => (window as unknown as { __recaptchaActions: string[] }).__recaptchaActions)).toEqual(["contact_form"]);

  await page.getByRole("button", { name: "Send another message" }).click();
  await expect(page.getByRole("form", { name: "Contact us" }).getByLabel("Name", { exact: true })).toHaveValue("");
});

test("a failed submission shows an error toast and keeps the values; bot check not ready is reported", phoneOnly, async ({ context, page, browserErrors }) => {
  browserErrors.allow(/ERR_BLOCKED_BY_CLIENT/, "the test blocks reCAPTCHA's script");
  await interceptThirdParties(context, { recaptcha: "blocked" });
  const form = await openForm(page);
  await form.getByLabel("Name", { exact: true }).fill("Kept Values");
  await form.getByLabel("Company", { exact: true }).fill("Acme");
  await form.getByLabel("Email", { exact: true }).fill("kept@example.com");
  await form.getByLabel("Industry").selectOption("law");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("reCAPTCHA not ready. Please refresh and try again.")).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Kept Values");
});

test("server failure: error toast, values kept", phoneOnly, async ({ context, page, browserErrors, leadDesk }, info) => {
  browserErrors.allow(/status of 500/, "the test answers the submission with 500");
  const email = uniqueEmail(info, "kept");
  await interceptThirdParties(context);
  const form = await openForm(page);
  await form.getByLabel("Name", { exact: true }).fill("Kept Values");
  await form.getByLabel("Company", { exact: true }).fill("Acme");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Industry").selectOption("law");
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Submission failed")).toBeVisible();
  // The error toast's text reads at AA contrast on its tinted background.
  expect(await axeViolations(page)).toEqual([]);
  await expect(form.getByLabel("Industry")).toHaveValue("law");
  expect(await leadDesk.deliveries((lead) => lead.email === email)).toEqual([]);
});

test("the toast region's code (sonner) loads with a submit, not with the page or the form; where it cannot load, the error toast still shows in the one region", phoneOnly, async ({
  context,
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 500/, "the test answers the submission with 500");
  browserErrors.allow(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/, "the test fails the toast region's chunk");
  await interceptThirdParties(context);
  const sonnerChunks: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/sonner-region-[\w-]+\.js$/.test(request.url())) sonnerChunks.push(request.url());
  });
  await page.route(/\/assets\/sonner-region-[\w-]+\.js$/, (route) => route.abort());
  const form = await openForm(page);
  await settled(page);
  // Recognised by what it contains, not by a chunk's name: sonner's list of toasts.
  const withSonner = await page.evaluate(async () => {
    const scripts = performance.getEntriesByType("resource").map((e) => e.name).filter((url) => /\/assets\/[^/]+\.js$/.test(url));
    const texts = await Promise.all(scripts.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
    return texts.filter((s) => s.text.includes("data-sonner-toaster")).map((s) => new URL(s.url).pathname);
  });
  expect(withSonner, "toast code loaded with the page or the form").toEqual([]);
  expect(sonnerChunks).toEqual([]);
  await expect(page.locator("section[aria-label^='Notifications']")).toHaveCount(1);

  await form.getByLabel("Name", { exact: true }).fill("Kept Values");
  await form.getByLabel("Company", { exact: true }).fill("Acme");
  await form.getByLabel("Email", { exact: true }).fill("plain-toast@example.com");
  await form.getByLabel("Industry").selectOption("law");
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
  await form.getByRole("button", { name: "Send message" }).click();
  const region = page.locator("section[aria-label^='Notifications']");
  await expect(region.getByText("Error", { exact: true })).toBeVisible();
  await expect(region.getByText("Submission failed")).toBeVisible();
  expect(sonnerChunks.length, "the region's chunk was asked for (and retried)").toBeGreaterThanOrEqual(1);
  await expect(region).toHaveCount(1);
  await expect(form.getByLabel("Industry")).toHaveValue("law");
});

test("the form's code loads only when the visitor turns to it; a submit made before it is in is replayed, not lost", phoneOnly, async ({
  context,
  page,
  leadDesk,
}, info) => {
  const email = uniqueEmail(info, "eve");
  await interceptThirdParties(context);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // Hold the form's code back, to act on the prerendered form before it hydrates.
  const release = await holdRequests(page, /\/assets\/contact-form-[^/]+\.js$/);
  await page.goto("/contact");
  await settled(page);
  // Page loaded, nothing touched: neither the form's code nor its validation library came.
  expect(scripts.filter((path) => /contact-form|zod/.test(path))).toEqual([]);

  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name", { exact: true }).fill("Early Eve");
  await expect.poll(() => scripts.filter((path) => path.includes("contact-form")).length).toBe(1);
  await form.getByLabel("Company", { exact: true }).fill("Quick Co");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Industry").selectOption("law");
  await form.getByRole("button", { name: "Send message" }).click();
  // The browser did not submit the form itself (that would put the fields in the address).
  expect(new URL(page.url()).search).toBe("");

  await release();
  await expect(page.getByText("Thanks! We'll be in touch soon.")).toBeVisible();
  const row = await expectStoredOnce(leadDesk, email);
  expect(row).toMatchObject({ name: "Early Eve", company: "Quick Co", industry: "law", pagePath: "/contact" });
});
