import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { outcomesLabel } from "../../app/content/outcomes";
import { deliveryOptions, enterpriseFeatures, integrations, procurementFaq, useCasesByTeam } from "../../app/content/enterprise";
import { expectOutcomes, sectionByHeading, stubSchedulers } from "./pages-support";

/*
 * /enterprise: its sections, the request form's place and the book-directly band. The form's
 * behaviour: leads-enterprise.spec.ts. Every page's chrome, overflow, axe and no-JavaScript
 * reading: pages-every-route.spec.ts.
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
