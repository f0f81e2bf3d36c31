import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { ContentEntryDetail } from "@shared/api/content-api";
import type { RoleListResponse } from "@shared/api/content-words-api";
import type { RoleDraft, RoleDraftInput } from "@shared/schemas/content";
import type { TestApp } from "../support/test-app";
import { createApp } from "../../server/app";
import { createSiteContentStore } from "../../server/content/site-content";
import { createLogger } from "../../server/logger";
import { auditLog, contentEntries, contentRevisions } from "../../server/db/schema";
import { createStudioApp, sendJson, ok } from "./content-support";

/*
 * Open roles on /careers (issue 42 item 2, decision 0905): published in the studio on the one
 * publishing model, listed on /careers, each on its own page with a JobPosting, in the sitemap
 * while open, and gone from all three by itself once its closing date passes.
 */
let t: TestApp;
let editorCookie: string;
let moderatorCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, moderatorCookie } = await createStudioApp());
});
afterAll(async () => t?.close());

const get = (path: string, cookie?: string, app = t.app) => app.request(path, cookie ? { headers: { Cookie: cookie } } : {});
const send = (method: string, path: string, body: unknown, cookie = editorCookie) => sendJson(t, method, path, body, cookie);
const html = async (path: string, app = t.app) => {
  const res = await get(path, undefined, app);
  expect(res.status, path).toBe(200);
  return res.text();
};
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const text = (page: string) =>
  page
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
/** Asks until `check` passes (another instance learns of a change at its next tick), for at most `ms`. */
async function eventually(check: () => Promise<void>, ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const roleRows = async () => t.database.db.select({ id: contentEntries.id }).from(contentEntries).where(eq(contentEntries.kind, "role"));

const role = (over: Partial<RoleDraftInput> = {}): RoleDraftInput => ({
  title: "Voice Agent Engineer",
  team: "Engineering",
  remote: false,
  city: "Austin",
  region: "TX",
  country: "US",
  employmentType: "FULL_TIME",
  description: "You will build **voice agents** that answer every call.\n\n- TypeScript\n- Telephony",
  applyEmail: "",
  closesAt: inDays(30),
  ...over,
});
const publish = async (draft: RoleDraftInput) => ok<ContentEntryDetail<RoleDraft>>(await send("POST", "/api/admin/content/roles/publish", { baseVersion: 0, draft }));

describe("a published role", () => {
  it("is listed on /careers under its sections and has its own page with the facts, Apply by e-mail and a valid JobPosting; the sitemap lists it", async () => {
    const created = await publish(role());
    expect(created).toMatchObject({ status: "published", slug: "voice-agent-engineer" });

    const careers = await html("/careers");
    // Today's sections and texts stay; the roles come before "Ready to Build?".
    for (const heading of ["The Journey", "Our Values", "What You'll Build", "Why Join Now", "In-Office. By Design.", "Open Roles", "Ready to Build?", "Start the Conversation"]) {
      expect(text(careers)).toContain(heading);
    }
    expect(text(careers).indexOf("Open Roles")).toBeLessThan(text(careers).lastIndexOf("Ready to Build?"));
    expect(careers).toContain('href="/careers/voice-agent-engineer"');
    expect(text(careers)).toContain("Engineering · Austin, TX, US · Full-time");

    const page = await html("/careers/voice-agent-engineer");
    expect(page).toMatch(/<h1[^>]*>Voice Agent Engineer<\/h1>/);
    expect(page).toMatch(/<strong[^>]*>voice agents<\/strong>/);
    const careersEmail = t.config.runtime.careersEmail;
    expect(page).toContain(`href="mailto:${careersEmail}?subject=${encodeURIComponent("Application: Voice Agent Engineer")}"`);
    expect(text(page)).toContain("Apply by e-mail");
    const posting = jsonLd(page).find((b) => b["@type"] === "JobPosting");
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      title: "Voice Agent Engineer",
      datePosted: created.firstPublishedAt,
      validThrough: created.draft.closesAt,
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Austin", addressRegion: "TX", addressCountry: "US" } },
    });
    expect(posting!.description).toContain("You will build voice agents that answer every call.");
    expect(posting).not.toHaveProperty("jobLocationType");

    expect(await (await get("/sitemap.xml")).text()).toContain("<loc>http://localhost:3000/careers/voice-agent-engineer</loc>");
  });

  it("a remote role names where applicants must live, and its own apply address", async () => {
    await publish(role({ title: "Customer Success Lead", remote: true, city: "", region: "", country: "Canada", employmentType: "PART_TIME", applyEmail: "Hiring@Example.com" }));
    const page = await html("/careers/customer-success-lead");
    const posting = jsonLd(page).find((b) => b["@type"] === "JobPosting");
    expect(posting).toMatchObject({ jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "Canada" }, employmentType: "PART_TIME" });
    expect(posting).not.toHaveProperty("jobLocation");
    expect(page).toContain('href="mailto:hiring@example.com?subject=');
    expect(text(await html("/careers"))).toContain("Remote (Canada) · Part-time");
  });
});

describe("what is not public", () => {
  it("a draft is on neither /careers, its address (404) nor the sitemap; its preview is for the studio only", async () => {
    const draft = await ok<ContentEntryDetail<RoleDraft>>(await send("POST", "/api/admin/content/roles", { baseVersion: 0, draft: role({ title: "Sales Development Rep" }) }));
    expect(draft.status).toBe("draft");
    expect(await html("/careers")).not.toContain("Sales Development Rep");
    expect((await get("/careers/sales-development-rep")).status).toBe(404);
    expect((await get("/careers/no-such-role")).status).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain("sales-development-rep");

    const preview = await get(`/admin/content/roles/${draft.id}/preview`, editorCookie);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(await preview.text()).toMatch(/<h1[^>]*>Sales Development Rep<\/h1>/);
    expect((await get(`/admin/content/roles/${draft.id}/preview`, moderatorCookie)).status).toBe(403);
  });

  it("an unpublished role leaves /careers and its address is a 404", async () => {
    const live = await publish(role({ title: "Solutions Architect" }));
    expect(await html("/careers")).toContain("Solutions Architect");
    await ok(await send("POST", `/api/admin/content/roles/${live.id}/unpublish`, { baseVersion: live.version }));
    expect(await html("/careers")).not.toContain("Solutions Architect");
    expect((await get("/careers/solutions-architect")).status).toBe(404);
  });
});

describe("a role whose closing date passes", () => {
  it("leaves /careers, its page (404) and the sitemap by itself on every instance, with no request to the studio", async () => {
    // A second instance on the same database, learning of changes only through it.
    const second = createSiteContentStore({ db: t.database.db, logger: createLogger("silent"), pollMs: 200 });
    const secondApp = createApp({ ...t.deps, siteContent: second });
    await second.start();
    try {
      const closing = await publish(role({ title: "Night Shift Support Agent", closesAt: new Date(Date.now() + 2500).toISOString() }));
      expect(await html("/careers")).toContain("Night Shift Support Agent");
      await eventually(async () => {
        expect(await html("/careers", secondApp)).toContain("Night Shift Support Agent");
        expect((await get("/careers/night-shift-support-agent", undefined, secondApp)).status).toBe(200);
        expect(await (await get("/sitemap.xml", undefined, secondApp)).text()).toContain("night-shift-support-agent");
      }, 2000);

      // From here on, nobody writes: only the instances' own ticks run.
      await t.deps.siteContent!.start();
      await eventually(async () => {
        for (const app of [t.app, secondApp]) {
          expect(await html("/careers", app)).not.toContain("Night Shift Support Agent");
          expect((await get("/careers/night-shift-support-agent", undefined, app)).status).toBe(404);
          expect(await (await get("/sitemap.xml", undefined, app)).text()).not.toContain("night-shift-support-agent");
        }
      }, 6000);
      // Closed once, in the studio's record: off the site, the draft kept, audited.
      const [row] = await t.database.db.select().from(contentEntries).where(eq(contentEntries.id, closing.id));
      expect(row).toMatchObject({ status: "draft", published: null });
      const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, closing.id), eq(auditLog.action, "content.unpublish")));
      expect(audit.map((a) => a.actorEmail)).toEqual(["closing date"]);
      // The studio says it closed, and its history says by what; a role unpublished by hand whose
      // date has since passed is a draft, not "Closed".
      const byHand = await publish(role({ title: "Weekend Desk Lead" }));
      await ok(await send("POST", `/api/admin/content/roles/${byHand.id}/unpublish`, { baseVersion: byHand.version }));
      const past = new Date(Date.now() - 60_000).toISOString();
      await t.database.db
        .update(contentEntries)
        .set({ draft: sql`jsonb_set(${contentEntries.draft}, '{closesAt}', to_jsonb(${past}::text))` })
        .where(eq(contentEntries.id, byHand.id));
      const listed = (await (await get("/api/admin/content/roles", editorCookie)).json()) as { items: { id: string; closedAt: string | null }[] };
      expect(listed.items.find((item) => item.id === closing.id)?.closedAt).toEqual(expect.any(String));
      expect(listed.items.find((item) => item.id === byHand.id)?.closedAt).toBeNull();
      const history = (await (await get(`/api/admin/content/roles/${closing.id}/revisions`, editorCookie)).json()) as { items: { action: string; byName: string | null }[] };
      expect(history.items[0]).toMatchObject({ action: "close", byName: null });
      // The other roles are still open.
      expect(await html("/careers")).toContain("Voice Agent Engineer");
    } finally {
      t.deps.siteContent!.stop();
      second.stop();
    }
  });
});

describe("closings stored before the close action", () => {
  it("become close revisions by migration 0021; an unpublish by a person, or of another kind, stays one", async () => {
    const closed = await publish(role({ title: "Early Shift Agent" }));
    // A post left off the site with no person named (as a former release might have): not a role.
    const post = await ok<ContentEntryDetail>(
      await send("POST", "/api/admin/content/posts/publish", { baseVersion: 0, draft: { title: "Answering every call", slug: "answering-every-call", body: "Calls." } }),
    );
    await t.database.db.insert(contentRevisions).values({ entryId: post.id, version: post.version + 1, action: "unpublish", draft: post.draft, createdBy: null });
    const unpublished = await publish(role({ title: "Late Shift Agent" }));
    await ok(await send("POST", `/api/admin/content/roles/${unpublished.id}/unpublish`, { baseVersion: unpublished.version }));
    // The closing as the previous release wrote it: the live copy cleared, an unpublish by no one.
    await t.database.db.update(contentEntries).set({ status: "draft", published: null, publishedSlug: null, version: closed.version + 1 }).where(eq(contentEntries.id, closed.id));
    await t.database.db.insert(contentRevisions).values({ entryId: closed.id, version: closed.version + 1, action: "unpublish", draft: closed.draft, createdBy: null });

    await t.database.db.execute(sql.raw(fs.readFileSync(new URL("../../drizzle/0021_role_closing_revisions.sql", import.meta.url), "utf8")));

    const actions = async (id: string) => (await t.database.db.select({ action: contentRevisions.action }).from(contentRevisions).where(eq(contentRevisions.entryId, id)).orderBy(contentRevisions.version)).map((r) => r.action);
    expect(await actions(closed.id)).toEqual(["publish", "close"]);
    expect(await actions(unpublished.id)).toEqual(["publish", "unpublish"]);
    expect((await actions(post.id)).at(-1)).toBe("unpublish");
    const listed = (await (await get("/api/admin/content/roles", editorCookie)).json()) as { items: { id: string; closedAt: string | null }[] };
    expect(listed.items.find((item) => item.id === closed.id)?.closedAt).toEqual(expect.any(String));
    expect(listed.items.find((item) => item.id === unpublished.id)?.closedAt).toBeNull();

    // Scheduled to open again, it is no longer Closed: the studio shows when it goes live.
    const [current] = await t.database.db.select().from(contentEntries).where(eq(contentEntries.id, closed.id));
    const scheduled = await ok<ContentEntryDetail<RoleDraft>>(
      await send("POST", `/api/admin/content/roles/${closed.id}/schedule`, { baseVersion: current!.version, draft: { ...closed.draft, closesAt: inDays(30) }, publishAt: inDays(2) }),
    );
    expect(scheduled).toMatchObject({ status: "scheduled", closedAt: null });
  });
});

describe("bad input", () => {
  it("answers an address of no role, and of no FAQ question, with 404 in the kind's own words", async () => {
    const nobody = "00000000-0000-4000-8000-000000000404";
    for (const [path, message] of [
      [`/api/admin/content/roles/${nobody}`, "This role no longer exists"],
      [`/api/admin/content/faq/${nobody}`, "This question no longer exists"],
      [`/api/admin/content/testimonials/${nobody}/revisions`, "This testimonial no longer exists"],
    ] as const) {
      const res = await get(path, editorCookie);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: message });
    }
  });

  it("refuses a role that cannot go live with 400 and the field's message, and stores nothing", async () => {
    const before = (await roleRows()).length;
    for (const [draft, field, message] of [
      [role({ closesAt: "" }), "closesAt", "Choose the closing date before publishing"],
      [role({ closesAt: new Date(Date.now() - 60_000).toISOString() }), "closesAt", "Choose a closing date in the future"],
      [role({ closesAt: "next Friday" }), "closesAt", "Choose the date and time the role closes"],
      [role({ team: "" }), "team", "Name the team before publishing"],
      [role({ description: " " }), "description", "Write the description before publishing"],
      [role({ city: "" }), "city", "Give the city, or mark the role Remote, before publishing"],
      [role({ remote: true, country: "" }), "country", "Say where applicants must live (a country) before publishing a remote role"],
      [role({ applyEmail: "not an address" }), "applyEmail", "Enter an e-mail address like careers@example.com"],
      [{ ...role(), employmentType: "TEMPORARY" }, "employmentType", "Choose full-time, part-time, contractor or internship"],
      [role({ description: "{% price name=\"monthly\" /%} {% video /%}" }), "description", "is not something a text can hold"],
      [{ ...role(), salary: "lots" }, null, "Unrecognized key"],
    ] as const) {
      const res = await send("POST", "/api/admin/content/roles/publish", { baseVersion: 0, draft });
      expect(res.status, JSON.stringify(draft)).toBe(400);
      const body = (await res.json()) as { error: string; fieldErrors?: Record<string, string> };
      expect(field ? body.fieldErrors?.[field] : body.error, JSON.stringify(body)).toContain(message);
    }
    // Scheduled to go live after it would close.
    const scheduled = await send("POST", "/api/admin/content/roles", { baseVersion: 0, draft: role({ title: "Late Role", closesAt: inDays(1) }) });
    const saved = (await scheduled.json()) as ContentEntryDetail<RoleDraft>;
    const late = await send("POST", `/api/admin/content/roles/${saved.id}/schedule`, { baseVersion: saved.version, draft: saved.draft, publishAt: inDays(2) });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { fieldErrors: Record<string, string> }).fieldErrors.closesAt).toBe("Choose a closing date after the time it is published");
    expect((await roleRows()).length).toBe(before + 1);
    expect((await t.database.db.select({ status: contentEntries.status }).from(contentEntries).where(eq(contentEntries.id, saved.id)))[0]!.status).toBe("draft");
  });
});

describe("who may edit them", () => {
  it("refuses a moderator every role route (403); an editor lists them", async () => {
    const { items } = await ok<RoleListResponse>(await get("/api/admin/content/roles", editorCookie));
    const id = items[0]!.id;
    for (const [method, path] of [
      ["GET", "/api/admin/content/roles"],
      ["POST", "/api/admin/content/roles"],
      ["POST", "/api/admin/content/roles/publish"],
      ["GET", `/api/admin/content/roles/${id}`],
      ["PUT", `/api/admin/content/roles/${id}`],
      ["POST", `/api/admin/content/roles/${id}/publish`],
      ["POST", `/api/admin/content/roles/${id}/schedule`],
      ["POST", `/api/admin/content/roles/${id}/unpublish`],
      ["GET", `/api/admin/content/roles/${id}/revisions`],
    ] as const) {
      const res = method === "GET" ? await get(path, moderatorCookie) : await send(method, path, { baseVersion: 1, draft: role() }, moderatorCookie);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(items.map((i) => i.draft.title)).toContain("Voice Agent Engineer");
  });
});
