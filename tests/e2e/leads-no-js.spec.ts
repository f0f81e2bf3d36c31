import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, projectDevice, randomIp, test, uniqueEmail } from "./fixtures";
import { DEMO_SCHEDULER, ENTERPRISE_SCHEDULER } from "./leads-fixtures";

/**
 * Every lead form without JavaScript (docs/decisions/0501): the buttons open a native dialog
 * with the form, the form posts natively to its page, the server stores one lead flagged `no_script` (the
 * leads server has reCAPTCHA configured, which cannot run here) and answers with the thank-you
 * state, or with the errors beside the values. Nothing the visitor typed ever appears in a URL.
 */

type Visit = { context: BrowserContext; page: Page; urls: string[] };

/** A scriptless visitor on the leads server, recording every URL the browser asks for. */
async function visitWithoutScripts(browser: Browser, info: TestInfo, baseURL: string): Promise<Visit> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    ...projectDevice(info.project.use),
    extraHTTPHeaders: { "x-forwarded-for": randomIp() },
  });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return { context, page, urls };
}

/** No URL the browser asked for or showed carries what the visitor typed. */
function expectNothingPersonalIn(urls: string[], ...values: string[]) {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    for (const value of values) expect(decoded, `${value} in ${url}`).not.toContain(value);
  }
}

test.describe("without JavaScript", () => {
  test("Book demo opens the booking form; it posts natively to its page, stores one unverified lead and offers the prefilled scheduler", async ({ browser, servers, leadDesk }, info) => {
    const { context, page, urls } = await visitWithoutScripts(browser, info, servers.leads.url);
    const email = uniqueEmail(info, "nojs-book");
    await page.goto("/pricing");
    await page.getByTestId("price-card").getByRole("button", { name: "Book demo" }).click();
    // The dialog is native: the browser opens it, with its form, without any script.
    const form = page.getByRole("dialog", { name: "SEE HOW AI CAN TRANSFORM YOUR BUSINESS" }).getByRole("form", { name: "Book a demo" });
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expect(form).toHaveAttribute("action", "/book-demo#booking-form");
    // The browser checks the constraints itself before anything is sent.
    await expect(form.getByLabel("Full name")).toHaveAttribute("required", "");
    await expect(form.getByLabel("Full name")).toHaveAttribute("maxlength", "100");
    await expect(form.getByLabel("Work email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Total calls per month")).toHaveAttribute("min", "1");
    await expect(form.getByLabel("Total calls per month")).toHaveAttribute("max", "1000000");
    await expect(form.getByRole("checkbox")).toHaveAttribute("required", "");

    await form.getByLabel("Full name").fill("Nora Noscript");
    await form.getByLabel("Job title").fill("Owner");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Company name").fill("Plain HTML Plumbing");
    await form.getByLabel("Total calls per month").fill("320");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Book my call" }).click();
    await expect(page).toHaveURL(/\/book-demo#booking-form$/);

    const thanks = page.getByRole("status");
    await expect(thanks.getByRole("heading", { name: "Success!" })).toBeVisible();
    await expect(thanks).toContainText("Your booking request has been submitted.");
    const scheduler = new URL((await thanks.getByRole("link", { name: /Pick a time now/ }).getAttribute("href"))!);
    expect(`${scheduler.origin}${scheduler.pathname}`).toBe(DEMO_SCHEDULER);
    expect(Object.fromEntries(scheduler.searchParams)).toMatchObject({ name: "Nora Noscript", email, a1: "Plain HTML Plumbing", a2: "Owner", a3: "320", utm_source: "website" });
    // The link carries the lead's reference (docs/decisions/0702): Calendly's webhook names the
    // lead by it, as the page's own report would. Used here as that report: it books this lead.
    const reference = scheduler.searchParams.get("utm_content");
    expect(reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const reported = await page.request.post("/api/lead-events", { data: { reference, event: "meeting_scheduled" } });
    expect(reported.status()).toBe(202);
    expect((await leadDesk.leads(email)).map((l) => l.status)).toEqual(["meeting_booked"]);

    const rows = await leadDesk.bookings(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Nora Noscript", sourceForm: "booking_dialog", totalCalls: 320, tcpaConsent: true, botCheck: "no_script", pagePath: "/pricing" });
    // The thank-you page is a plain page: the scheduler link leaves the site, our URLs stay clean.
    expectNothingPersonalIn(urls.filter((url) => url.startsWith(servers.leads.url)), "Nora", email);
    await context.close();
  });

  test("a consult button opens the enterprise request form; it posts natively to /enterprise and shows 'Request submitted'", async ({ browser, servers, leadDesk }, info) => {
    const { context, page, urls } = await visitWithoutScripts(browser, info, servers.leads.url);
    const email = uniqueEmail(info, "nojs-ent");
    await page.goto("/compare");
    await page.getByRole("main").getByRole("button", { name: "Book a demo" }).first().click();
    const form = page.getByRole("dialog", { name: "Book an enterprise consultation" }).getByRole("form", { name: "Enterprise consultation request" });
    await expect(form).toBeInViewport();
    await expect(form).toHaveAttribute("action", "/enterprise#request");
    await form.getByLabel("Full name").fill("Edgar Enterprise");
    await form.getByLabel("Job title").fill("COO");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Company name").fill("Static Holdings");
    await form.getByLabel("What do you want AI to do for your team?").fill("Answer after-hours calls");
    await form.getByRole("checkbox").check();
    // The dialog's own button (the inline form on /enterprise says "Submit request").
    await form.getByRole("button", { name: "Request consultation" }).click();

    const thanks = page.getByRole("status").filter({ hasText: "Request submitted" });
    await expect(thanks).toBeInViewport();
    const scheduler = new URL((await thanks.getByRole("link", { name: /Pick a time now/ }).getAttribute("href"))!);
    expect(`${scheduler.origin}${scheduler.pathname}`).toBe(ENTERPRISE_SCHEDULER);
    expect(scheduler.searchParams.get("utm_source")).toBe("website");
    expect(scheduler.searchParams.get("utm_content")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = await leadDesk.bookings(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sourceForm: "enterprise_dialog", aiGoal: "Answer after-hours calls", totalCalls: null, botCheck: "no_script", pagePath: "/compare" });
    expectNothingPersonalIn(urls.filter((url) => url.startsWith(servers.leads.url)), "Edgar", email);
    await context.close();
  });

  test("the contact form: an invalid post comes back with the messages beside the values; a valid one is stored once with 'Thanks!'", async ({ browser, servers, leadDesk }, info) => {
    const { context, page, urls } = await visitWithoutScripts(browser, info, servers.leads.url);
    const email = uniqueEmail(info, "nojs-contact");
    const company = `Kept Values ${email.split("@")[0]!.split("+")[1]}`;
    await page.goto("/contact?utm_source=nojs-news");
    const form = page.getByRole("form", { name: "Contact us" });
    // Blank after trimming and an address the shared schema refuses: the browser's own checks
    // pass these, the server's do not.
    await form.getByLabel("Name", { exact: true }).fill("   ");
    await form.getByLabel("Company", { exact: true }).fill(company);
    await form.getByLabel("Email", { exact: true }).fill("someone@localhost");
    await form.getByLabel("Industry").selectOption("trades");
    await form.getByLabel("Notes (optional)").fill("Please call after 5pm");
    await form.getByRole("button", { name: "Send message" }).click();

    const again = page.getByRole("form", { name: "Contact us" });
    await expect(again.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(again.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(again.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByLabel("Company", { exact: true })).toHaveValue(company);
    await expect(again.getByLabel("Email", { exact: true })).toHaveValue("someone@localhost");
    await expect(again.getByLabel("Industry")).toHaveValue("trades");
    await expect(again.getByLabel("Notes (optional)")).toHaveValue("Please call after 5pm");
    await expect(again).toBeInViewport();
    expect(await leadDesk.deliveries((lead) => lead.company === company)).toEqual([]);

    await again.getByLabel("Name", { exact: true }).fill("Carla Contact");
    await again.getByLabel("Email", { exact: true }).fill(email);
    await again.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").getByText("Thanks! We'll be in touch soon.")).toBeVisible();
    await expect.poll(async () => (await leadDesk.deliveries((lead) => lead.email === email)).length).toBe(1);
    const [delivery] = await leadDesk.deliveries((lead) => lead.email === email);
    expect(delivery!.lead).toMatchObject({ name: "Carla Contact", company, industry: "trades", botCheck: "no_script", pagePath: "/contact" });
    expectNothingPersonalIn(urls, "Carla", company, email, "someone@localhost");
    await context.close();
  });
});
