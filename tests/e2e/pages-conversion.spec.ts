import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { quickStartSteps } from "../../app/content/contact";
import { callAgenda, schedulerFrame } from "../../app/content/book";
import { setupCallTrialClaim, contactTrialClaim, trial } from "../../app/content/pricing";
import { hydrated, runtimeConfig, sectionByHeading, stubSchedulers } from "./pages-support";

/*
 * The pages that convert: /contact and /book (/enterprise: pages-enterprise.spec.ts).
 * Every page's chrome, overflow, axe and no-JavaScript reading: pages-every-route.spec.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("contact: 30-day trial, contact details from the configuration, the four quick-start steps", async ({ page }) => {
  await page.goto(paths.contact);
  const config = await runtimeConfig(page);
  expect(trial.contactDays).toBe(30);
  await expect(page.getByText(contactTrialClaim).first()).toBeVisible();
  expect(contactTrialClaim).toBe("30-day trial");
  await expect(page.getByRole("link", { name: config.supportEmail })).toHaveAttribute("href", `mailto:${config.supportEmail}`);
  await expect(page.getByRole("link", { name: config.supportPhone })).toBeVisible();
  const steps = sectionByHeading(page, "Quick start in four steps").getByRole("listitem");
  await expect(steps).toHaveCount(4);
  const titles = ["Forward your number", "Choose AI voice", "Import FAQs", "Connect calendar and CRM"];
  expect(quickStartSteps.map((s) => s.title)).toEqual(titles);
  for (const [index, title] of titles.entries()) await expect(steps.nth(index)).toContainText(title);
});

test("book: the scheduler in a 700 px frame with embed parameters, an open-in-new-tab link, 5 steps and the 7-day trial", async ({ page }) => {
  await page.goto(paths.book);
  await hydrated(page);
  const config = await runtimeConfig(page);
  const frame = page.locator(`iframe[title="${schedulerFrame.title}"]`);
  await expect(frame).toHaveAttribute("height", "700");
  expect((await frame.boundingBox())?.height).toBe(700);
  const src = new URL((await frame.getAttribute("src")) ?? "");
  expect(`${src.origin}${src.pathname}`).toBe(config.demoSchedulerUrl);
  expect(src.searchParams.get("embed_domain")).toBe(new URL(page.url()).host);
  expect(src.searchParams.get("hide_gdpr_banner")).toBe("1");
  await expect(page.frameLocator(`iframe[title="${schedulerFrame.title}"]`).getByText("Scheduler stand-in")).toBeVisible();

  const link = page.getByRole("link", { name: new RegExp(`^${schedulerFrame.openInNewTab}`) });
  await expect(link).toHaveAttribute("href", config.demoSchedulerUrl);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);

  const agenda = sectionByHeading(page, "What we'll cover").getByRole("listitem");
  await expect(agenda).toHaveCount(5);
  expect(callAgenda).toHaveLength(5);
  expect(setupCallTrialClaim).toMatch(/^7-day free trial/);
  await expect(page.getByText(setupCallTrialClaim)).toBeVisible();
});
