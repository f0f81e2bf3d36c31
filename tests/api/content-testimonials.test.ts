import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { TestimonialListResponse } from "@shared/api/content-words-api";
import type { TestimonialDraft, TestimonialDraftInput } from "@shared/schemas/content";
import type { TestApp } from "../support/test-app";
import { origin } from "../support/admin-fixtures";
import { exampleTestimonials, testimonialsIntro } from "../../app/content/proof";
import { contentEntries } from "../../server/db/schema";
import { exampleContentRefusal } from "../../server/content/example-content";
import { seedTestimonials } from "../../server/content/seed-content";
import { createStudioApp, sendJson, ok } from "./content-support";

/*
 * Testimonials as studio content (issue 42 item 4, decision 0906): seeded from the home page's
 * examples and labelled as such, edited and published on the one publishing model, and refused by
 * a production start while an example nobody replaced is on the site.
 */
let t: TestApp;
let editorCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, moderatorCookie } = await createStudioApp());
});
afterAll(async () => t?.close());

const API = "/api/admin/content/testimonials";
const get = (path: string, cookie?: string) => t.app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
const send = (method: string, path: string, body: unknown, cookie = editorCookie) => sendJson(t, method, path, body, cookie);
const list = async () => (await ok<TestimonialListResponse>(await get(API, editorCookie))).items;
/** The home page's text with tags stripped. */
const home = async () => {
  const res = await get("/");
  expect(res.status).toBe(200);
  return res.text();
};
const text = (page: string) => page.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
/** The cards' example tags: the per-card label, its own element. */
const exampleTags = (page: string) => page.match(new RegExp(`>${testimonialsIntro.cardLabel}</span>`, "g"))?.length ?? 0;
const production = { env: "production" as const, allowInProduction: [] };

const real: TestimonialDraftInput = {
  quote: "We stopped losing the calls that came in during hearings.",
  name: "Maria Lopez",
  role: "Managing partner",
  company: "Lopez & Hart LLP",
  industry: "law",
  figure: { value: "+41%", label: "consultations booked" },
  order: 5,
};

describe("seeded from today's examples", () => {
  it("starts with the three example testimonials published, labelled as examples on the home page as before", async () => {
    const items = await list();
    expect(items.map((i) => [i.draft.quote, i.draft.role, i.draft.company, i.draft.figure, i.draft.example, i.status])).toEqual(
      exampleTestimonials.map((e) => [e.quote, e.role, e.firmType, e.metric, true, "published"]),
    );
    expect(seedTestimonials.map((s) => s.industry)).toEqual(["law", "trades", "insurance"]);
    const page = await home();
    expect(text(page)).toContain(testimonialsIntro.label);
    expect(text(page)).toContain(testimonialsIntro.lead);
    expect(exampleTags(page)).toBe(3);
    for (const e of exampleTestimonials) {
      expect(text(page)).toContain(`“${e.quote}”`);
      expect(page).toContain(`>${e.initials}</span>`);
      expect(page).toContain(`>${e.metric.label}</span>`);
    }
    // A client-side navigation to the home page asks for its data at /_.data: the testimonials come with it.
    const data = await get("/_.data");
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("routes/home");
    expect(body).toContain(exampleTestimonials[0]!.quote);
  });

  it("is refused by a production start while they are published, unless the operator opted out with example-content", async () => {
    const refusal = await exampleContentRefusal(production, t.database.db);
    expect(refusal).toContain('testimonial "J. R.": still the seeded example');
    expect(refusal).toContain("ALLOW_IN_PRODUCTION");
    expect(await exampleContentRefusal({ env: "production", allowInProduction: ["example-content"] }, t.database.db)).toBeNull();
    expect(await exampleContentRefusal({ env: "development", allowInProduction: [] }, t.database.db)).toBeNull();
  });
});

describe("who may edit them", () => {
  it("refuses a moderator every testimonial route (403); an editor reaches them", async () => {
    const [item] = await list();
    for (const [method, path] of [
      ["GET", API],
      ["POST", API],
      ["POST", `${API}/publish`],
      ["GET", `${API}/${item!.id}`],
      ["PUT", `${API}/${item!.id}`],
      ["POST", `${API}/${item!.id}/publish`],
      ["POST", `${API}/${item!.id}/unpublish`],
    ] as const) {
      const res = method === "GET" ? await get(path, moderatorCookie) : await send(method, path, { baseVersion: item!.version, draft: real }, moderatorCookie);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await get(`${API}/${item!.id}`, editorCookie)).status).toBe(200);
    expect((await list())[0]!.version).toBe(item!.version);
  });
});

describe("bad input", () => {
  it("refuses a testimonial without a name or quote, of another industry, with a photo without alt text or marked as an example, with 400 and a message; stores nothing", async () => {
    const before = await t.database.db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "testimonial"));
    for (const [draft, message] of [
      [{ ...real, name: " " }, "Name is required"],
      [{ ...real, quote: "" }, "Write the quote before publishing"],
      [{ ...real, industry: "restaurants" }, "Choose one of the site's industries"],
      [{ ...real, quote: "x".repeat(601) }, "The quote is at most 600 characters"],
      [{ ...real, name: "Maria\nLopez" }, "Name must be a single line"],
      [{ ...real, figure: { value: "+41%", label: "" } }, "Say what the figure counts"],
      [{ ...real, photo: { imageId: "00000000-0000-4000-8000-000000000000", alt: "" } }, "Describe the photo in Alt text before publishing"],
      [{ ...real, example: true }, "Unrecognized key"],
    ] as const) {
      const res = await send("POST", `${API}/publish`, { baseVersion: 0, draft });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect((await send("POST", API, { baseVersion: 0, draft: "not a testimonial" })).status).toBe(400);
    const after = await t.database.db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "testimonial"));
    expect(after).toHaveLength(before.length);
  });
});

describe("publishing", () => {
  it("a saved draft is not on the home page; published, it is, with its photo, name, role and company, beside the labelled examples", async () => {
    const draft = await ok<ContentEntryDetail<TestimonialDraft>>(await send("POST", API, { baseVersion: 0, draft: real }));
    expect(draft.status).toBe("draft");
    expect(text(await home())).not.toContain(real.quote);
    // Its preview: the home page with it, for the studio's staff only, never cached.
    const preview = await get(`/admin/content/testimonials/${draft.id}/preview`, editorCookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(text(await preview.text())).toContain(`“${real.quote}”`);
    expect((await get(`/admin/content/testimonials/${draft.id}/preview`, moderatorCookie)).status).toBe(403);
    expect((await get(`/admin/content/testimonials/${draft.id}/preview`)).status).toBeGreaterThanOrEqual(300);

    const image = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "maria.jpg");
    const uploaded = await t.app.request("/api/admin/content/images", { method: "POST", headers: { Origin: origin, Cookie: editorCookie }, body: form });
    const { id: imageId } = await ok<{ id: string }>(uploaded);
    const published = await ok<ContentEntryDetail<TestimonialDraft>>(
      await send("POST", `${API}/${draft.id}/publish`, { baseVersion: draft.version, draft: { ...real, photo: { imageId, alt: "Maria Lopez" } } }),
    );
    expect(published.draft.example).toBe(false);

    const page = await home();
    const words = text(page);
    expect(words).toContain(`“${real.quote}”`);
    for (const field of [real.name, real.role, "Lopez &amp; Hart LLP", "+41%", "consultations booked"]) expect(words).toContain(field);
    expect(page).toMatch(new RegExp(`<img[^>]*src="[^"]*${imageId}[^"]*"`));
    // Order 5 puts it first; the examples keep their label, the real one has none.
    expect(words.indexOf(real.quote!)).toBeLessThan(words.indexOf(exampleTestimonials[0]!.quote));
    expect(words).toContain(testimonialsIntro.label);
    expect(words).toContain(testimonialsIntro.mixedLead);
    expect(exampleTags(page)).toBe(3);
  });

  it("an example an editor rewrote and published is no longer an example; with none left, the label goes and a production start is no longer refused", async () => {
    const examples = (await list()).filter((i) => i.draft.example);
    expect(examples).toHaveLength(3);
    const [rewrite, ...rest] = examples;
    const { example: _example, ...draft } = rewrite!.draft;
    await ok(await send("POST", `${API}/${rewrite!.id}/publish`, { baseVersion: rewrite!.version, draft: { ...draft, name: "Dana Kim", quote: "Every after-hours call now gets a real answer." } }));
    let page = await home();
    expect(exampleTags(page)).toBe(2);
    expect(text(page)).toContain("Dana Kim");
    expect(await exampleContentRefusal(production, t.database.db)).not.toContain("J. R.");

    for (const item of rest) await ok(await send("POST", `${API}/${item.id}/unpublish`, { baseVersion: item.version }));
    page = await home();
    expect(exampleTags(page)).toBe(0);
    expect(text(page)).not.toContain(testimonialsIntro.label);
    expect(text(page)).not.toContain("Illustrative examples");
    expect(text(page)).toContain(testimonialsIntro.title);
    expect(await exampleContentRefusal(production, t.database.db)).toBeNull();
  });
});
