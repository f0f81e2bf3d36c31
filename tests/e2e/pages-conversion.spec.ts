import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { outcomesLabel } from "../../app/content/outcomes";
import { deliveryOptions, enterpriseFeatures, integrations, procurementFaq, useCasesByTeam } from "../../app/content/enterprise";
import { quickStartSteps } from "../../app/content/contact";
import { callAgenda, schedulerFrame } from "../../app/content/book";
import { setupCallTrialClaim, contactTrialClaim, trial } from "../../app/content/pricing";
import { expectOutcomes, hydrated, runtimeConfig, sectionByHeading, stubSchedulers } from "./pages-support";

/*
 * The pages that convert: /enterprise, /contact and /book.
 * Every page's chrome, overflow, axe and no-JavaScript reading: pages-every-route.spec.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("enterprise: hero, 8 feature cards, outcomes, use cases, integrations, delivery options, procurement FAQ, security, form and book-directly", async ({ page }) => {
  await page.goto(paths.enterprise);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(sectionByHeading(page, "Built for the enterprise").getByRole("listitem")).toHaveCount(8);
  expect(enterpriseFeatures).toHaveLength(8);
  await expect(page.getByRole("heading", { level: 2, name: "Business outcomes" })).toBeVisible();
  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
  await expect(sectionByHeading(page, "Business outcomes").getByRole("list", { name: outcomesLabel })).toBeVisible();
  for (const group of useCasesByTeam) await expect(page.getByRole("heading", { level: 3, name: group.team })).toBeVisible();
  for (const item of integrations) await expect(page.getByText(item, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Co-develop on a partner platform" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Services-only" })).toBeVisible();
  expect(deliveryOptions).toHaveLength(2);
  const security = sectionByHeading(page, "Security & compliance");
  for (const text of ["Consent prompts where required", "Encryption at rest and in transit", "PII controls", "10DLC registration for SMS", "99.9% uptime target SLA"]) {
    await expect(security).toContainText(text);
  }
  const procurement = sectionByHeading(page, "Procurement questions");
  for (const entry of procurementFaq) await expect(procurement.getByRole("button", { name: entry.question })).toBeVisible();
  await expect(procurement).toContainText(/SLA/);
  await expect(procurement).toContainText(/paid pilot/);
  await expect(procurement).toContainText(/SSO/);
  await expect(page.locator("#request")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Prefer to book directly?" })).toBeVisible();
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
