import type { Locator, Page } from "@playwright/test";
import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { homeHero, trustedByLabel, trustedByNames } from "../../app/content/home";
import { featureCards, featurePages } from "../../app/content/features";
import { outcomes, outcomesLabel, rolloutSteps, securityPoints } from "../../app/content/outcomes";
import { aboutFinalCta, founders, values } from "../../app/content/about";
import { careersHero, readyToBuild, whatYoullBuild, whyJoinNow } from "../../app/content/careers";
import { deliveryOptions, enterpriseFeatures, integrations, procurementFaq, useCasesByTeam } from "../../app/content/enterprise";
import { industryPages } from "../../app/content/industries";
import { quickStartSteps } from "../../app/content/contact";
import { callAgenda, schedulerFrame } from "../../app/content/book";
import { guarantee, setupCallTrialClaim, contactTrialClaim, trial } from "../../app/content/pricing";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { dataLayer, hydrated, runtimeConfig, sectionByHeading, stubSchedulers } from "./pages-support";

/**
 * The vendor-reported outcomes (docs/product.md#vendor-reported-outcomes) in `list`, and its
 * section labelled so.
 */
async function expectOutcomes(page: Page, list: Locator) {
  await expect(page.locator("section").filter({ has: list }).getByText(/vendor-reported/i).first()).toBeVisible();
  for (const [value, label] of [["8x", "faster resolutions"], ["7x", "higher retention"], ["+9.5%", "annual revenue"], ["+30%", "customer lifetime value"], ["5x", "engagement"]]) {
    await expect(list.getByRole("listitem").filter({ hasText: value }).filter({ hasText: label })).toHaveCount(1);
  }
  expect(outcomes).toHaveLength(5);
}

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test.describe("home", () => {
  test("hero, money-back badge, trusted-by strip, four feature cards, vendor-reported outcomes, 4-step rollout", async ({ page }) => {
    await page.goto(paths.home);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeHero.title);
    await expect(page.getByText(guarantee.title, { exact: true })).toBeVisible();
    expect(guarantee.title).toBe("30-day money-back guarantee");

    // The required words (docs/product.md#trusted-by-strip), in their case.
    expect(trustedByLabel).toBe("Trusted by teams like");
    await expect(page.getByRole("heading", { level: 2, name: "Trusted by teams like", exact: true })).toHaveCSS("text-transform", "none");
    const trusted = sectionByHeading(page, trustedByLabel);
    await expect(trusted.getByRole("listitem")).toHaveText(trustedByNames);
    expect(trustedByNames).toHaveLength(6);

    for (const card of featureCards) {
      await expect(page.getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
    }
    expect(featureCards).toHaveLength(4);
    await expect(page.getByTestId("feature-card")).toHaveCount(4);
    await expect(page.getByRole("heading", { level: 3, name: "Agentic Automation" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "True Omnichannel" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Analytics & QA" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "AI Guru" })).toBeVisible();
    await expect(page.getByText("Intake, qualify, schedule, confirm, follow-up", { exact: false })).toBeVisible();

    await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));

    for (const step of ["Understand the use case", "Bring in knowledge", "Tie in systems", "Launch and refine"]) {
      await expect(page.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }
  });

  test("the hero and rollout-strip Book demo buttons open the booking dialog with their locations", async ({ page }) => {
    await page.goto(paths.home);
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("main").getByRole("button", { name: "Book demo" }).last().click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    const events = (await dataLayer(page)).filter((e) => e.event === "cta_book_click").map((e) => e.location);
    expect(events).toEqual(["hero", "cta_strip"]);
  });
});

test("about: six sections, founders as placeholders, external scheduler links in new tabs, careers link", async ({ page }) => {
  await page.goto(paths.about);
  const config = await runtimeConfig(page);
  for (const heading of ["Why we exist", "What we do", "Who we serve", "How it works", "Our Values", "The Founders"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(sectionByHeading(page, "Our Values").getByRole("listitem")).toHaveCount(values.length);
  expect(values).toHaveLength(6);
  for (const founder of founders) {
    await expect(page.getByRole("heading", { level: 3, name: founder.name })).toBeVisible();
    await expect(page.getByText(founder.quote)).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 3, name: "Founder & CEO" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Co-founder & CTO" })).toBeVisible();
  for (const step of rolloutSteps) await expect(sectionByHeading(page, "How it works")).toContainText(step.title);

  const bookLinks = page.getByRole("link", { name: /^Book demo/ });
  await expect(bookLinks).toHaveCount(2);
  for (const link of await bookLinks.all()) {
    await expect(link).toHaveAttribute("href", config.demoSchedulerUrl);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  const enterprise = page.getByRole("link", { name: /^Enterprise consult/ });
  await expect(enterprise).toHaveAttribute("href", config.enterpriseSchedulerUrl);
  await expect(enterprise).toHaveAttribute("target", "_blank");
  await expect(enterprise).toHaveAttribute("rel", /noopener/);
  await expect(page.getByRole("link", { name: "Want to work with us?" })).toHaveAttribute("href", paths.careers);
  await expect(page.getByRole("main").getByRole("link", { name: aboutFinalCta.careersLabel, exact: true })).toHaveAttribute("href", paths.careers);
});

test("careers: badge, title, every section and the mail link to the careers address", async ({ page }) => {
  await page.goto(paths.careers);
  const config = await runtimeConfig(page);
  await expect(page.getByText("Ground Floor Opportunity", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Build Something That Matters");
  expect(careersHero.title).toBe("Build Something That Matters");
  for (const heading of ["The Journey", "Our Values", "What You'll Build", "Why Join Now", "In-Office. By Design.", "Ready to Build?"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(sectionByHeading(page, "What You'll Build").getByRole("listitem")).toHaveCount(4);
  await expect(sectionByHeading(page, "Why Join Now").getByRole("listitem")).toHaveCount(4);
  expect(whatYoullBuild).toHaveLength(4);
  expect(whyJoinNow).toHaveLength(4);
  const mail = page.getByRole("link", { name: "Start the Conversation" });
  await expect(mail).toHaveAttribute("href", new RegExp(`^mailto:${config.careersEmail.replace(/[.+]/g, "\\$&")}\\?subject=`));
  expect(readyToBuild.cta).toBe("Start the Conversation");
});

test("features: four cards to the feature pages, Security & Compliance panel, outcomes, money-back card", async ({ page }) => {
  await page.goto(paths.features);
  for (const card of featureCards) {
    await expect(page.getByRole("main").getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
  }
  const panel = sectionByHeading(page, "Security & Compliance");
  for (const point of securityPoints) await expect(panel).toContainText(point.title);
  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
  await expect(page.getByRole("heading", { level: 3, name: guarantee.title })).toBeVisible();
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
});

for (const content of Object.values(featurePages)) {
  test(`feature page ${content.path} links to /book and /contact, and to the other three features`, async ({ page }) => {
    await page.goto(content.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    for (const capability of content.capabilities) {
      await expect(page.getByRole("heading", { level: 3, name: capability.title, exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("main").locator(`a[href="${paths.book}"]`).first()).toBeVisible();
    await expect(page.getByRole("main").locator(`a[href="${paths.contact}"]`).first()).toBeVisible();
    const more = sectionByHeading(page, "Explore more features");
    const others = featureCards.filter((card) => card.to !== content.path);
    await expect(more.getByTestId("feature-card")).toHaveCount(3);
    for (const card of others) {
      await expect(more.getByRole("link", { name: card.title, exact: true })).toHaveAttribute("href", card.to);
      await expect(more).toContainText(card.description);
    }
  });
}

for (const content of Object.values(industryPages)) {
  test(`industry page ${content.path} has a Book demo link to /book`, async ({ page }) => {
    await page.goto(content.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.title);
    for (const useCase of content.useCases) await expect(page.getByText(useCase.title, { exact: true })).toBeVisible();
    const book = page.getByRole("link", { name: "Book demo", exact: true });
    await expect(book.first()).toHaveAttribute("href", paths.book);
    await expect(book).toHaveCount(2);
  });
}

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
