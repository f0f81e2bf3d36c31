import type { Locator } from "@playwright/test";
import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { reassurance } from "../../app/content/calls-to-action";
import { outcomesLabel, securityPoints } from "../../app/content/outcomes";
import {
  dataFlow,
  deliveryOptions,
  enterpriseFeatures,
  integrations,
  integrationsDiagram,
  procurementFaq,
  useCasesByTeam,
} from "../../app/content/enterprise";
import { expectOutcomes, sectionByHeading, stubSchedulers, expectNoLayoutShift } from "./pages-support";

// Layout, checked at both widths (see playwright.config.ts).
const layout = { tag: "@both-widths" };

/*
 * /enterprise: its sections, the two diagrams (docs/product.md#design), the security cards' full rows, the
 * reassurance lines, the request form's place and the book-directly band. The form's behaviour:
 * leads-enterprise.spec.ts. Every page's chrome, overflow and axe: pages-every-route.spec.ts;
 * reading without JavaScript: pages-no-js.spec.ts and tests/api/site.test.ts.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} is not laid out`);
  return b;
}

test.beforeEach(async ({ page }) => {
  await stubSchedulers(page);
});

test("enterprise: hero, 8 feature cards, outcomes, use cases, integrations and data-flow diagrams, delivery options, procurement FAQ, security cards in full rows, form, book-directly, reassurance lines; nothing shifts", layout, async ({
  page,
}, info) => {
  const phone = info.project.name === "phone";
  await page.goto(paths.enterprise);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(sectionByHeading(page, "Built for the enterprise").getByRole("listitem")).toHaveCount(8);
  expect(enterpriseFeatures).toHaveLength(8);
  await expect(page.getByRole("heading", { level: 2, name: "Business outcomes" })).toBeVisible();
  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
  await expect(sectionByHeading(page, "Business outcomes").getByRole("list", { name: outcomesLabel })).toBeVisible();
  for (const group of useCasesByTeam) await expect(page.getByRole("heading", { level: 3, name: group.team })).toBeVisible();
  expect(integrations).toHaveLength(8);
  for (const item of integrations) await expect(sectionByHeading(page, "Integrations").getByText(item, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Co-develop on a partner platform" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Services-only" })).toBeVisible();
  expect(deliveryOptions).toHaveLength(2);
  const security = sectionByHeading(page, "Security & compliance");
  for (const text of ["Consent prompts where required", "Encryption at rest and in transit", "PII controls", "10DLC registration for SMS", "99.9% uptime target SLA"]) {
    await expect(security).toContainText(text);
  }
  const procurement = sectionByHeading(page, "Procurement questions");
  for (const entry of procurementFaq) await expect(procurement.locator("summary", { hasText: entry.question })).toBeVisible();
  await expect(procurement).toContainText(/SLA/);
  await expect(procurement).toContainText(/paid pilot/);
  await expect(procurement).toContainText(/SSO/);
  await expect(page.locator("#request")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Prefer to book directly?" })).toBeVisible();

  // Caller -> telephony -> agent -> your systems: in that order for a screen reader, and on screen
  // left to right at desktop width, top to bottom on a phone.
  const stages = security.getByRole("list", { name: dataFlow.label }).getByRole("listitem");
  await expect(stages).toHaveText([/Caller/, /Telephony/, /AI agent/, /Your systems/]);
  const stageBoxes = await Promise.all([0, 1, 2, 3].map((i) => box(stages.nth(i))));
  for (let i = 1; i < 4; i++) {
    const [before, after] = [stageBoxes[i - 1]!, stageBoxes[i]!];
    if (phone) expect(after.y, `stage ${i + 1} under stage ${i}`).toBeGreaterThan(before.y + before.height);
    else {
      expect(after.x, `stage ${i + 1} right of stage ${i}`).toBeGreaterThan(before.x + before.width);
      expect(after.y, "in one row").toBe(before.y);
    }
  }
  // Where personal data is redacted and where recordings live: after the agent, redaction first.
  const redaction = await box(security.getByRole("heading", { level: 3, name: "Where personal data is redacted" }));
  const recordings = await box(security.getByRole("heading", { level: 3, name: "Where recordings live" }));
  const agent = stageBoxes[2]!;
  expect(redaction.y, "redaction drawn below the stages").toBeGreaterThan(agent.y + agent.height);
  expect(recordings.y, "and storage below redaction").toBeGreaterThan(redaction.y);
  if (!phone) {
    const store = await box(security.getByRole("heading", { level: 3, name: "Where recordings live" }).locator("xpath=../../.."));
    expect(store.x, "the store sits under the agent").toBeLessThan(agent.x + agent.width / 2);
    expect(store.x + store.width).toBeGreaterThan(agent.x + agent.width / 2);
  }

  // The integrations: two named lists around the agent, every integration in them as text.
  const integrationsSection = sectionByHeading(page, "Integrations");
  const [inbound, outbound] = integrationsDiagram.groups.map((group) => integrationsSection.getByRole("list", { name: group.title }));
  for (const [list, group] of [[inbound!, integrationsDiagram.groups[0]], [outbound!, integrationsDiagram.groups[1]]] as const) {
    await expect(list.getByRole("listitem")).toHaveText(group.items.map((item) => item.name));
  }
  const [left, hub, right] = await Promise.all([box(inbound!), box(integrationsSection.getByText(integrationsDiagram.hub.title)), box(outbound!)]);
  if (phone) {
    expect(hub.y, "the agent under the channels").toBeGreaterThan(left.y + left.height);
    expect(right.y, "the systems under the agent").toBeGreaterThan(hub.y + hub.height);
  } else {
    expect(hub.x, "the agent right of the channels").toBeGreaterThan(left.x + left.width);
    expect(right.x, "the systems right of the agent").toBeGreaterThan(hub.x + hub.width);
  }

  // Every row of security cards is full: its first card starts at the grid's left edge and its
  // last ends at the right edge (no short row of two under three, no card alone).
  const cards = securityPoints.map((point) =>
    security.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: point.title, exact: true }) }),
  );
  const grid = await box(cards[0]!.locator("xpath=.."));
  const rows = new Map<number, Box[]>();
  for (const card of cards) {
    const b = await box(card);
    rows.set(Math.round(b.y), [...(rows.get(Math.round(b.y)) ?? []), b]);
  }
  expect(rows.size, "rows of security cards").toBe(phone ? securityPoints.length : 2);
  for (const [top, row] of rows) {
    expect(Math.abs(Math.min(...row.map((b) => b.x)) - grid.x), `row at ${top} starts at the left edge`).toBeLessThan(1);
    expect(Math.abs(Math.max(...row.map((b) => b.x + b.width)) - (grid.x + grid.width)), `row at ${top} ends at the right edge`).toBeLessThan(1);
  }

  // Card text at 15 px or more (what is drawn for decoration aside).
  const small = await main.evaluate((el) =>
    [...el.querySelectorAll("li *")]
      .filter((node) => !node.closest("[aria-hidden=true]") && [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim()))
      .filter((node) => parseFloat(getComputedStyle(node).fontSize) < 15)
      .map((node) => node.textContent),
  );
  expect(small, "card text under 15 px").toEqual([]);

  // The reassurance line under the hero's actions, the form's submit button and the band's button.
  const notes = main.getByText(reassurance.enterprise, { exact: true });
  await expect(notes).toHaveCount(3);
  const request = await box(main.getByRole("link", { name: "Send your requirements" }));
  const heroNote = await box(notes.first());
  expect(heroNote.y, "under the hero's actions").toBeGreaterThan(request.y + request.height);
  expect(heroNote.y - (request.y + request.height)).toBeLessThan(phone ? 90 : 40);
  const submit = await box(main.getByRole("button", { name: "Submit request" }));
  expect((await box(notes.nth(1))).y, "under the form's submit button").toBeGreaterThan(submit.y + submit.height);

  // Scrolled from top to bottom, nothing on the page moved.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = window.innerHeight; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
  });
  await expectNoLayoutShift(page);
});
