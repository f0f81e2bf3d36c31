import { expect, readingTest as test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { paths } from "../../shared/site-routes";
import { quickStartSteps } from "../../app/content/contact";
import { callAgenda, schedulerFrame } from "../../app/content/book";
import { reassurance } from "../../app/content/calls-to-action";
import { setupCallTrialClaim, contactTrialClaim, trial } from "../../app/content/pricing";
import { hydrated, runtimeConfig, stubSchedulers, expectNoLayoutShift } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The pages that convert: /contact and /book (/enterprise: pages-enterprise.spec.ts).
 * Every page's chrome, overflow and axe: pages-every-route.spec.ts; reading without JavaScript:
 * pages-no-js.spec.ts and tests/api/site.test.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

/** The bottom of what a visitor sees without scrolling: the viewport, less the phone's tab bar. */
async function firstScreenBottom(page: Page) {
  const bar = page.getByRole("navigation", { name: "Tab bar" });
  return (await bar.isVisible()) ? (await box(bar)).y : page.viewportSize()!.height;
}

test("contact: the form in the first screen, then the contact details and the four quick-start steps; 30-day trial", layout, async ({ page }, info) => {
  await page.goto(paths.contact);
  const config = await runtimeConfig(page);
  expect(trial.contactDays).toBe(30);
  await expect(page.getByText(contactTrialClaim).first()).toBeVisible();
  expect(contactTrialClaim).toBe("30-day trial");

  // The first field is seen without scrolling, at both widths; on a phone the details follow the form.
  const form = page.getByRole("form", { name: "Contact us" });
  const firstField = form.getByRole("textbox", { name: "Name", exact: true });
  expect((await box(firstField)).y + (await box(firstField)).height).toBeLessThanOrEqual(await firstScreenBottom(page));
  const details = page.getByRole("region", { name: "Talk to us" });
  if (info.project.name === "phone") expect((await box(details)).y).toBeGreaterThan((await box(form)).y + (await box(form)).height);
  else expect((await box(details)).x).toBeGreaterThan((await box(form)).x + (await box(form)).width);
  const send = form.getByRole("button", { name: "Send message" });
  const note = page.getByText(reassurance.contact);
  expect((await box(note)).y).toBeGreaterThanOrEqual((await box(send)).y + (await box(send)).height);

  await expect(details.getByRole("link", { name: config.supportEmail })).toHaveAttribute("href", `mailto:${config.supportEmail}`);
  await expect(details.getByRole("link", { name: config.supportPhone })).toBeVisible();
  const steps = page.getByRole("region", { name: "Quick start in four steps" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  const titles = ["Forward your number", "Choose AI voice", "Import FAQs", "Connect calendar and CRM"];
  expect(quickStartSteps.map((s) => s.title)).toEqual(titles);
  for (const [index, title] of titles.entries()) await expect(steps.nth(index)).toContainText(title);
});

test("book: the call beside the scheduler (before it on a phone), a skeleton until the 700 px frame paints, the 7-day trial", layout, async ({ page }, info) => {
  // The scheduler answers only when the test says so: until then the frame has not painted.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/^https:\/\/(calendly\.com|[^/]*\.calendly\.com)\//, async (route) => {
    await answered;
    await route.fallback().catch(() => {}); // the first load is cancelled when the page adds embed_domain
  });
  await page.goto(paths.book, { waitUntil: "domcontentloaded" });
  await hydrated(page);

  const frame = page.locator(`iframe[title="${schedulerFrame.title}"]`);
  const skeleton = page.getByTestId("scheduler-skeleton");
  await expect(skeleton).toBeVisible();
  // The skeleton fills the frame's box and shows through it: the frame draws no background of its own.
  expect(await box(skeleton)).toEqual(await box(frame));
  expect(await frame.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgba(0, 0, 0, 0)");

  const facts = await box(page.getByTestId("call-facts"));
  const agenda = await box(page.getByRole("region", { name: "What we'll cover" }));
  const scheduler = await box(frame);
  if (info.project.name === "phone") {
    // One column: the facts, then the scheduler, starting in the first screen, then the agenda.
    expect(scheduler.x).toBe(agenda.x);
    expect(scheduler.y).toBeGreaterThan(facts.y + facts.height);
    expect(scheduler.y).toBeLessThan(await firstScreenBottom(page));
    expect(agenda.y).toBeGreaterThan(scheduler.y + scheduler.height);
  } else {
    // Two columns: the scheduler right of the call's details, level with them.
    expect(scheduler.x).toBeGreaterThan(agenda.x + agenda.width);
    expect(scheduler.y).toBe(facts.y);
  }

  answer();
  await expect(page.frameLocator(`iframe[title="${schedulerFrame.title}"]`).getByText("Scheduler stand-in")).toBeVisible();
  await expect(frame).toHaveAttribute("height", "700");
  expect((await box(frame)).height).toBe(700);
  expect(await box(frame)).toEqual(scheduler);
  await expectNoLayoutShift(page);

  const config = await runtimeConfig(page);
  const src = new URL((await frame.getAttribute("src")) ?? "");
  expect(`${src.origin}${src.pathname}`).toBe(config.demoSchedulerUrl);
  expect(src.searchParams.get("embed_domain")).toBe(new URL(page.url()).host);
  expect(src.searchParams.get("hide_gdpr_banner")).toBe("1");

  const link = page.getByRole("link", { name: new RegExp(`^${schedulerFrame.openInNewTab}`) });
  await expect(link).toHaveAttribute("href", config.demoSchedulerUrl);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(page.getByText(reassurance.setupCall)).toBeVisible();

  await expect(page.getByRole("region", { name: "What we'll cover" }).getByRole("listitem")).toHaveCount(5);
  expect(callAgenda).toHaveLength(5);
  expect(setupCallTrialClaim).toMatch(/^7-day free trial/);
  await expect(page.getByText(setupCallTrialClaim)).toBeVisible();
});
