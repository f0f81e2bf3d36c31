import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { rolloutSteps } from "../../app/content/outcomes";
import { aboutFinalCta, founders, values } from "../../app/content/about";
import { careersHero, readyToBuild, whatYoullBuild, whyJoinNow } from "../../app/content/careers";
import { reassurance } from "../../app/content/calls-to-action";
import { expectSoundPage, runtimeConfig, sectionByHeading, stubSchedulers } from "./pages-support";

/*
 * About and Careers: their sections, founders, values and links.
 * Every page's chrome, overflow and axe: pages-every-route.spec.ts (/about's: its own test here,
 * which visits it at both widths); reading without JavaScript: pages-no-js.spec.ts and
 * tests/api/site.test.ts.
 */

// Layout, checked at both widths (see playwright.config.ts): the reassurance line under each
// Book demo, wherever the width puts the buttons.
const layout = { tag: "@both-widths" };

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("about: six sections, founders as placeholders, external scheduler links in new tabs with the reassurance line under each Book demo, careers link", layout, async ({ page }, info) => {
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
  // Under each Book demo, the line that says what booking costs the visitor (docs/product.md#reassurance-lines).
  const notes = page.getByRole("main").getByText(reassurance.bookDemo, { exact: true });
  await expect(notes).toHaveCount(2);
  for (const [index, link] of (await bookLinks.all()).entries()) {
    const [linkBox, noteBox] = [await link.boundingBox(), await notes.nth(index).boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(linkBox!.y + linkBox!.height);
  }
  const enterprise = page.getByRole("link", { name: /^Enterprise consult/ });
  await expect(enterprise).toHaveAttribute("href", config.enterpriseSchedulerUrl);
  await expect(enterprise).toHaveAttribute("target", "_blank");
  await expect(enterprise).toHaveAttribute("rel", /noopener/);
  await expect(page.getByRole("link", { name: "Want to work with us?" })).toHaveAttribute("href", paths.careers);
  await expect(page.getByRole("main").getByRole("link", { name: aboutFinalCta.careersLabel, exact: true })).toHaveAttribute("href", paths.careers);
  // The checks every page gets (pages-every-route.spec.ts), on this visit.
  await expectSoundPage(page, info);
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
