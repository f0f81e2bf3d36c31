import { expect, test, type Locator, type Page } from "@playwright/test";
import { interceptThirdParties, startLeadServer, waitForLead, x, type LeadServer } from "./leads-fixtures";

let lead: LeadServer;
let stored = 0;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  lead = await startLeadServer({ botCheck: true });
});
test.afterAll(async () => {
  test.setTimeout(60_000);
  const rows = await lead.stopAndReadRows();
  expect(rows.contacts).toHaveLength(stored);
  expect(rows.bookings).toHaveLength(0);
});

async function openForm(page: Page): Promise<Locator> {
  await page.goto(`${lead.url}/contact`);
  const form = page.getByRole("form", { name: "Contact us" });
  // Wait for hydration: the form validates on the client only once React runs.
  await expect(async () => {
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Name is required", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return form;
}

test("every validation message, then a stored lead and 'Thanks! We'll be in touch soon.'", async ({ context, page }) => {
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
  await form.getByLabel("Email", { exact: true }).fill("alan@example.com");
  await form.getByLabel("Phone (optional)").fill("+1 (555) 010-0100");
  await form.getByLabel("Industry").selectOption("trades");
  await form.getByLabel("Company size (optional)").selectOption("11-50");
  await form.getByLabel("Notes (optional)").fill("We miss calls after 5pm.");
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(page.getByText("Thanks! We'll be in touch soon.")).toBeVisible();
  stored++;
  const row = await waitForLead(lead, (l) => l.name === "Alan Turing");
  expect(row.kind).toBe("contact_request");
  expect(row.lead).toMatchObject({
    company: "Bletchley Trades",
    role: "Owner",
    email: "alan@example.com",
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

test("a failed submission shows an error toast and keeps the values; bot check not ready is reported", async ({ context, page }) => {
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

test("server failure: error toast, values kept", async ({ context, page }) => {
  await interceptThirdParties(context);
  const form = await openForm(page);
  await form.getByLabel("Name", { exact: true }).fill("Kept Values");
  await form.getByLabel("Company", { exact: true }).fill("Acme");
  await form.getByLabel("Email", { exact: true }).fill("kept@example.com");
  await form.getByLabel("Industry").selectOption("law");
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Submission failed")).toBeVisible();
  await expect(form.getByLabel("Industry")).toHaveValue("law");
});

test("the form's code loads only when the visitor turns to it; a submit made before it is in is replayed, not lost", async ({
  context,
  page,
}) => {
  await interceptThirdParties(context);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // Hold the form's code back, to act on the prerendered form before it hydrates.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/contact-form-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${lead.url}/contact`);
  await page.waitForLoadState("networkidle");
  // Page loaded, nothing touched: neither the form's code nor its validation library came.
  expect(scripts.filter((path) => /contact-form|zod/.test(path))).toEqual([]);

  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name", { exact: true }).fill("Early Eve");
  await expect.poll(() => scripts.filter((path) => path.includes("contact-form")).length).toBe(1);
  await form.getByLabel("Company", { exact: true }).fill("Quick Co");
  await form.getByLabel("Email", { exact: true }).fill("eve@example.com");
  await form.getByLabel("Industry").selectOption("law");
  await form.getByRole("button", { name: "Send message" }).click();
  // The browser did not submit the form itself (that would put the fields in the address).
  expect(new URL(page.url()).search).toBe("");

  release();
  await expect(page.getByText("Thanks! We'll be in touch soon.")).toBeVisible();
  stored++;
  const row = await waitForLead(lead, (l) => l.name === "Early Eve");
  expect(row.lead).toMatchObject({ company: "Quick Co", email: "eve@example.com", industry: "law", pagePath: "/contact" });
});
