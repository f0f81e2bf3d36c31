import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { homeHero } from "../../app/content/home";
import { featureCards } from "../../app/content/features";
import { guarantee } from "../../app/content/pricing";
import { BOOKING_DIALOG_TITLE } from "../../app/features/booking/booking-dialog";
import { agentDemos } from "../../app/content/agent-demo";
import { dataLayer, hydrated, stubSchedulers } from "./pages-support";
import { expectAgentAtWork } from "./agent-at-work";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * The home page: hero, feature cards, rollout, and its Book demo buttons. Its proof (trusted-by
 * strip, outcomes): pages-proof.spec.ts.
 * Its chrome, overflow and axe: the first test here (in expectAgentAtWork); reading without JavaScript:
 * pages-no-js.spec.ts and tests/api/site.test.ts.
 */

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test.describe("home", () => {
  test("the agent at work beside the hero's copy; the reassurance line and the highlights each on one row", layout, async ({ page }, info) => {
    await expectAgentAtWork(page, paths.home, agentDemos.home, info);

    const main = page.getByRole("main");
    await expect(main.getByText(homeHero.note, { exact: true })).toBeVisible();
    // The money-back badge beside the line says the guarantee; the line does not say it again.
    expect(homeHero.note).not.toContain(guarantee.title);

    // The highlights line up: one column, every tick on its row's text line, no row wrapping.
    const rows = main.getByRole("list").filter({ hasText: homeHero.highlights[0] }).getByRole("listitem");
    await expect(rows).toHaveCount(homeHero.highlights.length);
    const geometry = await rows.evaluateAll((items) =>
      items.map((item) => {
        const tick = item.querySelector("svg")!.getBoundingClientRect();
        const text = item.lastElementChild!.getBoundingClientRect();
        const lineHeight = parseFloat(getComputedStyle(item).lineHeight);
        return { x: tick.x, tickMiddle: tick.y + tick.height / 2, textMiddle: text.y + lineHeight / 2, lines: Math.round(text.height / lineHeight) };
      }),
    );
    for (const row of geometry) {
      expect(row.x).toBe(geometry[0].x);
      expect(Math.abs(row.tickMiddle - row.textMiddle)).toBeLessThanOrEqual(1);
      expect(row.lines).toBe(1);
    }
  });

  test("hero, money-back badge, four feature cards, 4-step rollout; the hero and rollout-strip Book demo buttons open the booking dialog with their locations; one toast region", async ({
    page,
  }) => {
    await page.goto(paths.home);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeHero.title);
    await expect(page.getByText(guarantee.title, { exact: true })).toBeVisible();
    expect(guarantee.title).toBe("30-day money-back guarantee");

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

    for (const step of ["Understand the use case", "Bring in knowledge", "Tie in systems", "Launch and refine"]) {
      await expect(page.getByRole("heading", { level: 3, name: step })).toBeVisible();
    }

    await hydrated(page);
    // Screen readers announce toasts through this region: it is there, empty, before the first
    // toast, and stays one when a form opens.
    const toaster = page.locator("section[aria-label^='Notifications']");
    await expect(toaster).toHaveCount(1);
    await page.getByRole("main").getByRole("button", { name: "Book demo" }).first().click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Full name")).toBeVisible();
    await expect(toaster).toHaveCount(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("main").getByRole("button", { name: "Book demo" }).last().click();
    await expect(page.getByRole("dialog", { name: BOOKING_DIALOG_TITLE })).toBeVisible();
    const events = (await dataLayer(page)).filter((e) => e.event === "cta_book_click").map((e) => e.location);
    expect(events).toEqual(["hero", "cta_strip"]);
  });
});
