import fs from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import type { AnalyticsReport } from "@shared/api/analytics-api";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { expect, randomIp, signedInRequest, test, type BrowserErrors } from "./fixtures";
import { screenshotInParts } from "./screenshots";
import { interceptThirdParties } from "./leads-fixtures";
import { expectNoHorizontalOverflow, hydrated, openDialogWith } from "./pages-support";

/**
 * The funnel report end to end (docs/decisions/0801), on this browser project's own
 * analytics server (global-setup.ts), which starts with no visit. Three visitors browse the real
 * site, each a browser context of its own: its own address (x-forwarded-for, which the server
 * trusts here) and user agent, so the server counts three. The scheduler and the bot check are
 * the faked third parties of leads-fixtures.ts. Then an admin reads exactly those numbers in the
 * report. The long test runs at desktop width (its steps build on each other); the phone has a
 * shorter one for what differs there: the report's layout at 390 px, read and filtered by a tap.
 *
 * ANALYTICS_SCREENSHOTS=<dir> also saves the report there.
 */
const shots = process.env.ANALYTICS_SCREENSHOTS;

const userAgents = {
  phone: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: userAgents.phone };
const desktop = (userAgent: string) => ({ viewport: { width: 1280, height: 800 }, userAgent });
const campaignLink = "utm_source=newsletter&utm_campaign=fall";

let base = "";
let width = "";
test.beforeEach(async ({ servers }, info) => {
  base = servers.analytics[info.project.name as "desktop" | "phone"].url;
  width = String(info.project.use.viewport?.width ?? "");
});

/** A visitor of its own: a new context with its own address and user agent; its errors fail the test. */
async function visitor(browser: Browser, errors: BrowserErrors, device: object): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, ...device, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  context.on("console", (message) => {
    if (message.type() === "error") errors.record(`visitor console.error: ${message.text()} (at ${message.location().url})`);
  });
  context.on("weberror", (error) => errors.record(`visitor page error: ${error.error().message}`));
  await interceptThirdParties(context);
  return { context, page: await context.newPage() };
}

/**
 * The collector's page view of `path` on its way to the server. The page sends it at an idle
 * moment after its load event (or as it is left); waiting for it makes the counts exact.
 */
function viewSent(page: Page, path: string) {
  return page.waitForRequest((request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/events")) return false;
    const event = JSON.parse(request.postData() ?? "null") as { name?: string; path?: string } | null;
    return event?.name === "page_view" && event.path === path;
  });
}

async function bookDemo(page: Page) {
  await hydrated(page);
  return openDialogWith(page, page.locator("main").getByRole("button", { name: "Book demo" }).first(), page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE }));
}

/** Lands from the newsletter on a phone, books a demo through the dialog and the scheduler: every step of the funnel. */
async function booker(page: Page) {
  await page.goto(`/?${campaignLink}`);
  const dialog = await bookDemo(page);
  await dialog.getByLabel("Full name").fill("Ada Lovelace");
  await dialog.getByLabel("Job title").fill("Owner");
  await dialog.getByLabel("Work email").fill("ada@analytical.example");
  await dialog.getByLabel("Company name").fill("Analytical Engines");
  await dialog.getByLabel("Total calls per month").fill("450");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Book my call" }).click();
  await expect(dialog).toBeHidden();
  const confirmationViewed = viewSent(page, "/booking-success");
  await page.frameLocator('[data-testid="calendly-popup"]').getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/booking-success$/);
  await confirmationViewed;
  await expect(page.getByRole("heading", { name: "Thank you, Ada Lovelace!" })).toBeVisible();
}

/** Lands from the newsletter on /pricing at a desk, opens the booking dialog and closes it. */
async function opener(page: Page) {
  await page.goto(`/pricing?${campaignLink}`);
  const dialog = await bookDemo(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Comes straight to the home page and reads the features: page views only. */
async function reader(page: Page) {
  const homeViewed = viewSent(page, "/");
  await page.goto("/");
  await homeViewed;
  const featuresViewed = viewSent(page, "/features");
  await page.goto("/features");
  await featuresViewed;
}

const today = () => new Date().toISOString().slice(0, 10);

async function report(page: Page, query: Record<string, string> = {}): Promise<AnalyticsReport> {
  const search = new URLSearchParams({ from: today(), to: today(), ...query });
  const res = await page.request.get(`${base}/api/admin/analytics?${search}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AnalyticsReport;
}

/** The values of a row's figures (each cell's last text: on a phone a small label comes first). */
const values = (row: Locator) => row.locator("td").evaluateAll((cells) => cells.map((cell) => cell.lastChild?.textContent?.trim() ?? ""));

/** A table's rows, each as [key, visitors, submissions, meetings, conversion], in screen order. */
async function tableRows(page: Page, dimension: string): Promise<string[][]> {
  const rows = page.getByTestId(`analytics-by-${dimension}`).getByTestId("analytics-row");
  const out: string[][] = [];
  for (const row of await rows.all()) out.push([(await row.getAttribute("data-key")) ?? "", ...(await values(row))]);
  return out;
}

/** The funnel table: [count, from previous step, from visitors] per step, in order. */
async function funnel(page: Page): Promise<string[][]> {
  const rows = page.getByTestId("analytics-funnel-step");
  const out: string[][] = [];
  for (const row of await rows.all()) out.push((await values(row)).slice(0, 3));
  return out;
}

const screenshot = (page: Page, name: string) => screenshotInParts(page, shots, `${name}-${width}`);

test("three visitors browse, book and leave; the report shows exactly their funnel, tables, filter and CSV", async ({ page, browser, browserErrors }) => {
  test.setTimeout(60_000);
  await signedInRequest(page.request, base);
  // Nothing counted yet: the empty state.
  await page.goto(`${base}/admin/analytics`);
  await expect(page.getByTestId("analytics-empty")).toContainText("No visits recorded in this range yet");

  // The three visits, side by side: a phone from the newsletter that books, a desk from the
  // newsletter that only opens the dialog, a direct visitor who only reads.
  const visitors = await Promise.all([visitor(browser, browserErrors, phone), visitor(browser, browserErrors, desktop(userAgents.windows)), visitor(browser, browserErrors, desktop(userAgents.mac))]);
  await Promise.all([booker(visitors[0].page), opener(visitors[1].page), reader(visitors[2].page)]);
  // The pages send their events at idle moments, and the server writes them in batches: wait
  // until it counts every one (the booker's confirmation page is the fifth page view).
  await expect
    .poll(async () => {
      const r = await report(page);
      return [...r.funnel.map((s) => s.count), r.totals.pageviews];
    }, { timeout: 15_000 })
    .toEqual([3, 2, 2, 1, 1, 1, 5]);
  await Promise.all(visitors.map((v) => v.context.close()));

  // The dashboard's card counts the week and opens its report.
  await page.goto(`${base}/admin/dashboard`);
  await expect(page.getByTestId("analytics-card-counts")).toHaveText("Last 7 days: 3 visitors, 1 submission");
  await page.getByTestId("analytics-card").click();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=7d`);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByTestId("analytics-figure-visitors").getByTestId("analytics-figure-value")).toHaveText("3");

  // Today: every figure new against yesterday, which had no visit.
  await page.getByRole("group", { name: "Date range" }).getByRole("button", { name: "Today" }).click();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=today`);
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
  const figure = (key: string) => page.getByTestId(`analytics-figure-${key}`);
  await expect(figure("visitors").getByTestId("analytics-figure-value")).toHaveText("3");
  await expect(figure("visitors").getByTestId("analytics-figure-change")).toHaveText("new vs previous day (none then)");
  await expect(figure("pageviews").getByTestId("analytics-figure-value")).toHaveText("5");
  await expect(figure("submissions").getByTestId("analytics-figure-value")).toHaveText("1");
  await expect(figure("meetings").getByTestId("analytics-figure-value")).toHaveText("1");
  // The funnel: count, conversion from the step before, from visitors.
  expect(await funnel(page)).toEqual([
    ["3", "—", "100%"],
    ["2", "66.7%", "66.7%"],
    ["2", "100%", "66.7%"],
    ["1", "50%", "33.3%"],
    ["1", "100%", "33.3%"],
    ["1", "100%", "33.3%"],
  ]);
  await expect(page.getByTestId("analytics-chart")).toHaveCount(2);
  await expect(page.getByRole("img", { name: /^Funnel: Visitors 3, CTA clicks 2, Dialog opens 2, Form starts 1, Submissions 1, Meetings booked 1\./ })).toBeVisible();
  expect(await tableRows(page, "source")).toEqual([
    ["newsletter", "2", "1", "1", "50%"],
    ["(direct)", "1", "0", "0", "0%"],
  ]);
  expect(await tableRows(page, "campaign")).toEqual([
    ["fall", "2", "1", "1", "50%"],
    ["(none)", "1", "0", "0", "0%"],
  ]);
  expect(await tableRows(page, "landing")).toEqual([
    ["/", "2", "1", "1", "50%"],
    ["/pricing", "1", "0", "0", "0%"],
  ]);
  // Every device class has its row; one without visitors has no rate.
  expect(await tableRows(page, "device")).toEqual([
    ["desktop", "2", "0", "0", "0%"],
    ["phone", "1", "1", "1", "100%"],
    ["tablet", "0", "0", "0", "—"],
  ]);
  await expect(page.getByTestId("analytics-by-device").getByRole("link", { name: "Filter by device: Phone" })).toBeVisible();
  await expectNoClassConflicts(page);
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "analytics-today");

  // A row filters the whole report: the newsletter's funnel.
  await page.getByRole("link", { name: "Filter by source: newsletter" }).click();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=today&source=newsletter`);
  await expect(page.getByTestId("analytics-filter")).toHaveText("Filtered by source: newsletter");
  await expect.poll(() => funnel(page)).toEqual([
    ["2", "—", "100%"],
    ["2", "100%", "100%"],
    ["2", "100%", "100%"],
    ["1", "50%", "50%"],
    ["1", "100%", "50%"],
    ["1", "100%", "50%"],
  ]);
  expect(await tableRows(page, "source")).toEqual([["newsletter", "2", "1", "1", "50%"]]);
  // As many visitors: the one who submitted first.
  expect(await tableRows(page, "device")).toEqual([
    ["phone", "1", "1", "1", "100%"],
    ["desktop", "1", "0", "0", "0%"],
    ["tablet", "0", "0", "0", "—"],
  ]);
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "analytics-newsletter");

  // The CSV holds what is shown: the same day and filter, the same funnel.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain(`${today()},${today()},1,`);
  expect(csv).toContain(",newsletter,");
  for (const line of ["visitors,2,0", "cta_clicks,2,0", "dialog_opens,2,0", "form_starts,1,0", "submissions,1,0", "meetings_booked,1,0", "newsletter,2,1,1,0.5000"]) {
    expect(csv).toContain(`${line}\r\n`);
  }
  expect(csv).not.toContain("(direct)");

  // The chip's × clears the filter; a row chosen from the keyboard filters by it.
  await page.getByRole("link", { name: "Clear the source filter" }).click();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=today`);
  await expect(page.getByTestId("analytics-filter")).toHaveCount(0);
  await expect(figure("visitors").getByTestId("analytics-figure-value")).toHaveText("3");
  await page.getByRole("link", { name: "Filter by device: Phone" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${base}/admin/analytics?range=today&device=phone`);
  await expect(page.getByTestId("analytics-filter")).toHaveText("Filtered by device: Phone");
  await expect.poll(() => funnel(page).then((rows) => rows.map((r) => r[0]))).toEqual(["1", "1", "1", "1", "1", "1"]);

  // A custom range of today alone reads the same; a reversed one is refused beside its field.
  await page.getByRole("button", { name: "Custom" }).click();
  await page.getByLabel("From (UTC day)").fill(today());
  await page.getByLabel("To (UTC day)").fill(today());
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=custom&from=${today()}&to=${today()}&device=phone`);
  await expect(figure("visitors").getByTestId("analytics-figure-value")).toHaveText("1");
  await page.getByLabel("From (UTC day)").fill("2026-12-31");
  await page.getByLabel("To (UTC day)").fill("2026-01-01");
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=custom&from=${today()}&to=${today()}&device=phone`);
});

test("on a phone: the report of two visitors readable at 390 px, without sideways scrolling, filtered by a tap", { tag: "@phone-width" }, async ({ page, browser, browserErrors }) => {
  await signedInRequest(page.request, base);
  const visitors = await Promise.all([visitor(browser, browserErrors, phone), visitor(browser, browserErrors, desktop(userAgents.mac))]);
  await Promise.all([opener(visitors[0].page), reader(visitors[1].page)]);
  await expect.poll(async () => (await report(page)).funnel.map((s) => s.count), { timeout: 15_000 }).toEqual([2, 1, 1, 0, 0, 0]);
  await Promise.all(visitors.map((v) => v.context.close()));

  await page.goto(`${base}/admin/analytics?range=today`);
  await expect(page.getByTestId("analytics-figure-visitors").getByTestId("analytics-figure-value")).toHaveText("2");
  expect((await funnel(page)).slice(0, 2)).toEqual([
    ["2", "—", "100%"],
    ["1", "50%", "50%"],
  ]);
  // Rows of equal figures in the order of their names.
  expect(await tableRows(page, "source")).toEqual([
    ["(direct)", "1", "0", "0", "0%"],
    ["newsletter", "1", "0", "0", "0%"],
  ]);
  expect(await tableRows(page, "device")).toEqual([
    ["desktop", "1", "0", "0", "0%"],
    ["phone", "1", "0", "0", "0%"],
    ["tablet", "0", "0", "0", "—"],
  ]);
  // Each figure of a row carries its own small label on a phone, and nothing scrolls sideways.
  await expect(page.getByTestId("analytics-by-source").getByTestId("analytics-row").first().getByText("Visitors", { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "analytics-phone");

  await page.getByRole("link", { name: "Filter by source: newsletter" }).tap();
  await expect(page).toHaveURL(`${base}/admin/analytics?range=today&source=newsletter`);
  await expect(page.getByTestId("analytics-filter")).toHaveText("Filtered by source: newsletter");
  await expect(page.getByTestId("analytics-figure-visitors").getByTestId("analytics-figure-value")).toHaveText("1");
  await expectNoHorizontalOverflow(page);

  // The Content view on the same phone: a post with a long title is one card, each figure named,
  // and nothing scrolls sideways (a post's row is a four-column table from md up).
  const title = "How a contact centre answers every call after hours without hiring a night shift";
  const published = await page.request.post(`${base}/api/admin/content/posts/publish`, {
    headers: { Origin: base },
    data: { baseVersion: 0, draft: { title, slug: `answers-every-call-${Date.now()}`, body: "A short post." } },
  });
  expect(published.status(), await published.text()).toBeLessThan(300);
  await page.getByRole("navigation", { name: "Report view" }).getByRole("link", { name: "Content" }).tap();
  await expect(page).toHaveURL(`${base}/admin/analytics?view=content&range=today&source=newsletter`);
  const card = page.getByTestId("analytics-content-row").filter({ hasText: title });
  await expect(card.getByText("Book demo clicks", { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "analytics-content-phone");
});
