import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ContentEntryDetail, ContentRevisionsResponse } from "@shared/api/content-api";
import type { FaqListResponse, PricesResponse } from "@shared/api/content-words-api";
import type { FaqDraft, FaqDraftInput, PricesDraft } from "@shared/schemas/content";
import type { TestApp } from "../support/test-app";
import { faqEntries } from "../../app/content/faq";
import { annualSavings, annualYearlyTotal, monthlyPrice } from "../../app/content/pricing";
import { auditLog, contentEntries } from "../../server/db/schema";
import { publishDueEntries } from "../../server/content/content-entries";
import { createStudioApp, sendJson, ok } from "./content-support";

/*
 * The prices and the FAQ as studio content (issue 42, decision 0904): seeded from today's texts,
 * edited and published on the posts' model, and what a publish changes on /pricing, /compare and
 * /faq as the running server renders them from the published content.
 */
let t: TestApp;
let editorCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, moderatorCookie } = await createStudioApp());
});
afterAll(async () => t?.close());

const get = (path: string, cookie?: string) => t.app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
const send = (method: string, path: string, body: unknown, cookie = editorCookie) => sendJson(t, method, path, body, cookie);
const html = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return res.text();
};
const prices = async () => ok<PricesResponse>(await get("/api/admin/content/prices", editorCookie));
const faqList = async () => (await ok<FaqListResponse>(await get("/api/admin/content/faq", editorCookie))).items;
const faqItem = async (question: string) => (await faqList()).find((item) => item.draft.question === question)!;
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
/** The page's text with tags stripped (a price tag's value sits among the answer's words). */
const text = (page: string) => page.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");

describe("seeded from today's content", () => {
  it("starts with today's prices and eight FAQ answers, published, rendering today's texts on /faq, /pricing and /compare", async () => {
    const { entry, live } = await prices();
    expect(entry.status).toBe("published");
    expect(live).toEqual({ monthly: monthlyPrice, annualYearly: annualYearlyTotal, annualSavings });
    const items = await faqList();
    expect(items.map((i) => [i.draft.question, i.status])).toEqual(faqEntries.map((e) => [e.question, "published"]));
    // The answers quote the prices and the plan's terms through tags, not typed figures.
    expect(items.find((i) => i.slug === "price")!.draft.answer).toContain('{% price name="monthly" /%}');
    expect(items.find((i) => i.slug === "guarantee")!.draft.answer).toContain('{% term name="guarantee-days" /%}-day money-back guarantee');

    const faq = await html("/faq");
    const faqPage = jsonLd(faq).find((b) => b["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faqPage.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(faqEntries.map((e) => [e.question, e.answer]));
    for (const entry of faqEntries) expect(text(faq)).toContain(entry.answer.replaceAll("&", "&amp;"));
    expect(text(await html("/pricing"))).toContain("$799");
    expect(text(await html("/compare"))).toContain("$799 flat");
  });

  it("adds nothing on a second start: the rows present are kept as they are", async () => {
    const { seedSiteWords } = await import("../../server/content/seed-content");
    expect(await seedSiteWords(t.database.db)).toBe(0);
  });
});

describe("who may edit them", () => {
  it("refuses a moderator every prices and FAQ route (403), the preview too; an editor reaches them", async () => {
    const { entry } = await prices();
    const item = await faqItem("How long does setup take?");
    for (const [method, path] of [
      ["GET", "/api/admin/content/prices"],
      ["PUT", `/api/admin/content/prices/${entry.id}`],
      ["POST", `/api/admin/content/prices/${entry.id}/publish`],
      ["GET", "/api/admin/content/faq"],
      ["POST", "/api/admin/content/faq/publish"],
      ["POST", `/api/admin/content/faq/${item.id}/publish`],
      ["POST", "/api/admin/content/faq/order"],
    ] as const) {
      const res = method === "GET" ? await get(path, moderatorCookie) : await send(method, path, {}, moderatorCookie);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await get("/admin/content/prices/preview?monthly=849&annualYearly=8629&annualSavings=901", moderatorCookie)).status).toBe(403);
    expect((await get("/admin/content/prices/preview?monthly=849&annualYearly=8629&annualSavings=901")).status).toBeGreaterThanOrEqual(300);
    expect((await get(`/admin/content/faq/${item.id}/preview`, moderatorCookie)).status).toBe(403);
    expect((await get(`/admin/content/faq/${item.id}/preview`)).status).toBeGreaterThanOrEqual(300);
    expect((await get("/api/admin/content/faq", editorCookie)).status).toBe(200);
  });
});

describe("bad input", () => {
  it("refuses a price that is not whole dollars, and an answer naming no price or term, with 400 and a message; stores nothing", async () => {
    const { entry } = await prices();
    for (const [monthly, message] of [
      ["eight hundred", "Monthly price is a number of dollars"],
      [849.5, "Monthly price is whole dollars, like 849"],
      [0, "Monthly price is at least $1"],
    ] as const) {
      const res = await send("POST", `/api/admin/content/prices/${entry.id}/publish`, { baseVersion: entry.version, draft: { ...entry.draft, monthly } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const item = await faqItem("How much does it cost?");
    const bad = await send("PUT", `/api/admin/content/faq/${item.id}`, { baseVersion: item.version, draft: { ...item.draft, answer: 'It costs {% price name="weekly" /%}.' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('There is no price called "weekly"');
    const badTerm = await send("PUT", `/api/admin/content/faq/${item.id}`, { baseVersion: item.version, draft: { ...item.draft, answer: 'A {% term name="lifetime-days" /%}-day trial.' } });
    expect(badTerm.status).toBe(400);
    expect(((await badTerm.json()) as { error: string }).error).toContain('There is no term called "lifetime-days"; the terms are "setup-call-minutes"');
    const empty = await send("POST", "/api/admin/content/faq", { baseVersion: 0, draft: { question: " ", answer: "" } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain("Question is required");
    expect((await prices()).entry.version).toBe(entry.version);
    expect((await faqItem("How much does it cost?")).version).toBe(item.version);
  });
});

describe("a conflicting save", () => {
  it("is refused with 409 when someone saved the prices or an FAQ item since", async () => {
    const { entry } = await prices();
    await ok(await send("PUT", `/api/admin/content/prices/${entry.id}`, { baseVersion: entry.version, draft: entry.draft }));
    const stale = await send("PUT", `/api/admin/content/prices/${entry.id}`, { baseVersion: entry.version, draft: { ...entry.draft, monthly: 900 } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/Someone else saved/);
    const item = await faqItem("Can we keep our phone numbers?");
    await ok(await send("PUT", `/api/admin/content/faq/${item.id}`, { baseVersion: item.version, draft: item.draft }));
    expect((await send("PUT", `/api/admin/content/faq/${item.id}`, { baseVersion: item.version, draft: item.draft })).status).toBe(409);
  });
});

describe("publishing", () => {
  it("a monthly price moves /pricing, /compare, the home page and the FAQ answer's price tag; the annual figures stay as published", async () => {
    const { entry } = await prices();
    const saved = await ok<ContentEntryDetail<PricesDraft>>(await send("PUT", `/api/admin/content/prices/${entry.id}`, { baseVersion: entry.version, draft: { ...entry.draft, monthly: 849 } }));
    // A saved draft changes nothing on the site; its preview shows it, for staff only.
    expect(text(await html("/pricing"))).not.toContain("$849");
    const preview = await get("/admin/content/prices/preview?page=faq&monthly=849&annualYearly=8629&annualSavings=901", editorCookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(text(await preview.text())).toContain("One flat plan: $849 per month, or $719 per month billed $8,629 per year");

    await ok(await send("POST", `/api/admin/content/prices/${entry.id}/publish`, { baseVersion: saved.version, draft: saved.draft }));
    const pricing = await html("/pricing");
    expect(text(pricing)).toContain("$849");
    expect(text(pricing)).toContain("$719");
    const product = jsonLd(pricing).find((b) => b["@type"] === "Product") as { offers: { price: string | number }[] };
    expect(product.offers.map((o) => Number(o.price))).toEqual([849, 8629]);
    expect(text(await html("/compare"))).toContain("$849 flat");
    const home = await html("/");
    expect(text(home)).toContain("Flat $849 per month");
    expect(home).toMatch(/<meta name="description" content="[^"]*Flat \$849 per month\."/);
    expect(pricing).toContain("<title>Pricing: flat $849 per month");
    const faq = await html("/faq");
    expect(text(faq)).toContain("One flat plan: $849 per month, or $719 per month billed $8,629 per year, which saves $901.");
    expect(text(faq)).not.toContain("$799");

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.target, entry.id));
    expect(audit.map((a) => a.action)).toContain("content.publish");
  });

  it("an FAQ answer shows on /faq once published, not before; unpublished, it is gone", async () => {
    const item = await faqItem("How long does setup take?");
    const draft: FaqDraftInput = { ...item.draft, answer: "About **ten minutes** on a call; the plan is {% price name=\"monthly\" /%} a month." };
    const saved = await ok<ContentEntryDetail<FaqDraft>>(await send("PUT", `/api/admin/content/faq/${item.id}`, { baseVersion: item.version, draft }));
    expect(text(await html("/faq"))).not.toContain("About ten minutes");
    // Its preview is /faq with the draft in its place, for the studio's staff only.
    const preview = await get(`/admin/content/faq/${item.id}/preview`, editorCookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(text(await preview.text())).toMatch(/About ten minutes on a call; the plan is \$\d[\d,]* a month\./);
    const published = await ok<ContentEntryDetail<FaqDraft>>(await send("POST", `/api/admin/content/faq/${item.id}/publish`, { baseVersion: saved.version, draft: saved.draft }));
    const faq = await html("/faq");
    expect(faq).toMatch(/<strong[^>]*>ten minutes<\/strong>/);
    expect(text(faq)).toMatch(/About ten minutes on a call; the plan is \$\d[\d,]* a month\./);
    await ok(await send("POST", `/api/admin/content/faq/${item.id}/unpublish`, { baseVersion: published.version }));
    expect(text(await html("/faq"))).not.toContain("How long does setup take?");
  });

  it("a new FAQ item publishes in one step, at its place in the order; a reorder moves it", async () => {
    const created = await ok<ContentEntryDetail<FaqDraft>>(await send("POST", "/api/admin/content/faq/publish", { baseVersion: 0, draft: { question: "Do you work weekends?", answer: "Yes, the agent answers every day.", order: 1 } }));
    expect(created.slug).toBe("do-you-work-weekends");
    let faq = text(await html("/faq"));
    expect(faq.indexOf("Do you work weekends?")).toBeLessThan(faq.indexOf("How much does it cost?"));
    const items = await faqList();
    const moved = [...items.filter((i) => i.id !== created.id), items.find((i) => i.id === created.id)!];
    await ok(await send("POST", "/api/admin/content/faq/order", { items: moved.map((i) => ({ id: i.id, baseVersion: i.version })) }));
    faq = text(await html("/faq"));
    expect(faq.indexOf("Do you work weekends?")).toBeGreaterThan(faq.indexOf("How is our data protected?"));
    // A reorder on a stale list is refused whole.
    expect((await send("POST", "/api/admin/content/faq/order", { items: moved.map((i) => ({ id: i.id, baseVersion: i.version })) })).status).toBe(409);
  });

  it("scheduled prices keep the live ones on the site until their time, then go live once", async () => {
    const { entry } = await prices();
    const publishAt = new Date(Date.now() + 10 * 60_000);
    const scheduled = await ok<ContentEntryDetail<PricesDraft>>(
      await send("POST", `/api/admin/content/prices/${entry.id}/schedule`, { baseVersion: entry.version, draft: { ...entry.draft, monthly: 999 }, publishAt: publishAt.toISOString() }),
    );
    expect(scheduled.status).toBe("scheduled");
    expect(text(await html("/pricing"))).toContain("$849");
    expect(await publishDueEntries(t.database.db, new Date(publishAt.getTime() + 1000))).toBe(1);
    expect(await publishDueEntries(t.database.db, new Date(publishAt.getTime() + 2000))).toBe(0);
    await t.deps.siteContent!.changed();
    expect(text(await html("/pricing"))).toContain("$999");
    const [row] = await t.database.db.select({ status: contentEntries.status }).from(contentEntries).where(eq(contentEntries.id, entry.id));
    expect(row!.status).toBe("published");
  });

  it("lists the prices' revisions and restores one as a new write", async () => {
    const { entry } = await prices();
    const { items } = await ok<ContentRevisionsResponse>(await get(`/api/admin/content/prices/${entry.id}/revisions`, editorCookie));
    const first = items.at(-1)!;
    expect(first.action).toBe("create");
    const restored = await ok<ContentEntryDetail<PricesDraft>>(await send("POST", `/api/admin/content/prices/${entry.id}/revisions/${first.id}/restore`, { baseVersion: entry.version }));
    expect(restored.draft.monthly).toBe(monthlyPrice);
    expect((await send("POST", `/api/admin/content/prices/${entry.id}/unpublish`, { baseVersion: restored.version })).status).toBe(400);
  });
});
