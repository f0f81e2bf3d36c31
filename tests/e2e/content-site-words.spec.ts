import type { Page } from "@playwright/test";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { FaqListResponse, PricesResponse } from "@shared/api/content-words-api";
import type { FaqDraft } from "@shared/schemas/content";
import { expect, projectDevice, randomIp, test } from "./fixtures";
import { staffAccounts } from "./servers";

/**
 * The prices and the FAQ in the studio end to end (issue 42, decision 0904), on the admin
 * server: an editor changes an FAQ answer and the monthly price, sees what the price moves,
 * previews the pricing page, publishes, and a visitor finds both on /faq and /pricing. The
 * refusals, the seed and the rendered HTML are tests/api/content-site-words.test.ts's. Desktop
 * width only; the test puts the seeded answer and price back, for the specs after it.
 */
const { editor } = staffAccounts;
const JOURNEY_TIMEOUT = 120_000;

async function signInWithForm(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(editor.email);
  await page.getByLabel("Password").fill(editor.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("an editor changes an FAQ answer and the monthly price, previews the pricing page and publishes; visitors see both on /faq and /pricing", async ({ page, context, servers, browserErrors }, info) => {
  test.skip(info.project.name !== "desktop", "the studio's flows are the same on a phone");
  test.setTimeout(JOURNEY_TIMEOUT);
  browserErrors.allow(/status of 401/, "the login page checks for a session first, and there is none");
  const base = servers.admin.url;
  const api = async <T>(path: string, init?: { method: string; data: unknown }) => {
    const res = init ? await page.request.post(`${base}${path}`, { headers: { Origin: base }, data: init.data }) : await page.request.get(`${base}${path}`);
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as T;
  };

  await signInWithForm(page, base);
  await expect(page).toHaveURL(`${base}/admin/content`, { timeout: 30_000 });
  const before = await api<PricesResponse>("/api/admin/content/prices");
  const original = (await api<FaqListResponse>("/api/admin/content/faq")).items.find((i) => i.draft.question === "How long does setup take?")!;

  try {
    // The answer, through the FAQ page's list and the question's editor.
    await page.getByRole("link", { name: "FAQ", exact: true }).click();
    await page.getByRole("link", { name: "How long does setup take?" }).click();
    const answer = page.getByRole("textbox", { name: "Answer" });
    await answer.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Most teams go live within a week of a short setup call.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Question published")).toBeVisible({ timeout: 30_000 });

    // The monthly price: what it moves is listed before anything is published.
    await page.goto(`${base}/admin/content`);
    await page.getByRole("link", { name: "Prices", exact: true }).click();
    await page.getByLabel("Monthly price").fill("849");
    const moves = page.getByTestId("price-moves");
    await expect(moves).toContainText("$849 flat");
    await expect(moves).toContainText("One flat plan: $849 per month");
    await expect(page.getByTestId("prices-derived")).toContainText("Changing the monthly price alone leaves the annual plan as it is");
    const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Preview", exact: true }).click()]);
    await preview.waitForLoadState();
    await expect(preview.getByTestId("price-per-month")).toContainText("$849");
    await preview.close();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Prices published")).toBeVisible({ timeout: 30_000 });

    // A visitor, without the staff cookie.
    const visitor = await context.browser()!.newContext({ ...projectDevice(info.project.use), extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
    const site = await visitor.newPage();
    await expect(async () => {
      await site.goto(`${base}/faq`);
      await expect(site.getByText("Most teams go live within a week of a short setup call.")).toBeAttached({ timeout: 1000 });
    }).toPass({ timeout: 5000 });
    await expect(site.getByText("One flat plan: $849 per month", { exact: false })).toBeAttached();
    await site.goto(`${base}/pricing`);
    await expect(site.getByTestId("price-per-month")).toContainText("$849");
    await visitor.close();
  } finally {
    // The seeded answer and price back, for the specs after this one.
    const prices = await api<PricesResponse>("/api/admin/content/prices");
    await api(`/api/admin/content/prices/${prices.entry.id}/publish`, { method: "POST", data: { baseVersion: prices.entry.version, draft: before.live } });
    const item = await api<ContentEntryDetail<FaqDraft>>(`/api/admin/content/faq/${original.id}`);
    await api(`/api/admin/content/faq/${original.id}/publish`, { method: "POST", data: { baseVersion: item.version, draft: original.draft } });
  }
});
