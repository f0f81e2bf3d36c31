import crypto from "node:crypto";
import { expect, randomIp, signedInRequest, test } from "./fixtures";
import { expectNoClassConflicts } from "./class-conflicts";
import { expectNoHorizontalOverflow } from "./pages-support";
import { staffAccounts } from "./servers";
import { addDays, utcDay } from "@shared/utc-day";

/**
 * The users page's audit log (docs/decisions/0202): filters (who, what, which days) and pages
 * through everything kept, at desktop width and on a 390 px phone. What the API answers (pages,
 * filters, refusals) is tests/api/auth-audit.test.ts's; here, what only a browser shows.
 */
const { admin } = staffAccounts;

test("the audit log: filter by who, what and days, and page through every entry, without sideways scrolling", { tag: "@both-widths" }, async ({ page, playwright, servers }) => {
  // A password sign-in (scrypt) and 101 exports: 20-30 s on a loaded two-core machine.
  test.setTimeout(90_000);
  const base = servers.admin.url;
  const request = await playwright.request.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  try {
    await signedInRequest(request, base, admin);
    await page.context().addCookies((await request.storageState()).cookies);
  } finally {
    await request.dispose();
  }
  // One more export than a page holds, each searched for its own marker: the log's entries to find.
  const marker = `pages-${crypto.randomUUID().slice(0, 8)}`;
  const markers = Array.from({ length: 101 }, (_, i) => `${marker}-${i}`);
  for (let i = 0; i < markers.length; i += 10) {
    await Promise.all(
      markers.slice(i, i + 10).map(async (q) => {
        const res = await page.request.post(`${base}/api/admin/bookings/export`, { headers: { Origin: base }, data: { q } });
        expect(res.status()).toBe(200);
      }),
    );
  }

  await page.goto(`${base}/admin/users`);
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toBeVisible();
  await filters.getByLabel("Who").fill(admin.email.slice(0, 6).toUpperCase());
  await filters.getByLabel("What").selectOption({ label: "Exported bookings" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(100);
  await expect(rows.filter({ hasNotText: "Exported bookings" })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: admin.email })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);

  const found = async () => (await rows.allTextContents()).flatMap((text) => /q: (pages-[0-9a-f]{8}-\d+)/.exec(text)?.[1] ?? []).filter((q) => q.startsWith(marker));
  const pages = page.getByRole("navigation", { name: "Audit log pages" });
  // Page on until every marker was seen: other tests (the other width's run of this one too) may
  // export meanwhile, but no entry shows twice and none is skipped.
  const seen = await found();
  let shown = 1;
  while (seen.length < markers.length && shown < 5) {
    const top = await rows.first().textContent();
    await pages.getByRole("button", { name: "Next" }).click();
    shown++;
    await expect(pages.getByText(`Page ${shown}`)).toBeVisible();
    // The page before stays on screen until the next arrives.
    await expect(rows.first()).not.toHaveText(top!);
    const more = await found();
    expect(more.filter((q) => seen.includes(q))).toEqual([]);
    seen.push(...more);
  }
  expect(shown).toBeGreaterThan(1);
  expect(seen.sort()).toEqual([...markers].sort());
  await expectNoHorizontalOverflow(page);
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(pages.getByText(`Page ${shown - 1}`)).toBeVisible();
  await expect(rows).toHaveCount(100);

  // Days: nothing is dated tomorrow; and a range that ends before it starts is refused beside its field.
  const tomorrow = addDays(utcDay(Date.now()), 1);
  await filters.getByLabel("From").fill(tomorrow);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByTestId("audit-empty")).toHaveText("No entries match these filters.");
  await filters.getByLabel("To").fill(utcDay(Date.now()));
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(filters.getByText("The start date must not be after the end date")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await filters.getByRole("button", { name: "Clear" }).click();
  await expect(filters.getByLabel("Who")).toHaveValue("");
  await expect(rows).toHaveCount(100);
});
