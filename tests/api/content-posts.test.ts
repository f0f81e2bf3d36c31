import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { ALT_REQUIRED, BODY_REQUIRED, SLUG_MESSAGE, SLUG_TAKEN_MESSAGE, STALE_SAVE_MESSAGE, type PostDraftInput } from "@shared/schemas/content";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "@shared/schemas/content-image";
import { auditLog, contentEntries } from "../../server/db/schema";
import { publishDueEntries } from "../../server/content/content-entries";
import { createSiteContentStore } from "../../server/content/site-content";
import { createLogger } from "../../server/logger";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, signedInCookie } from "../support/admin-fixtures";

/*
 * The content studio's API (docs/decisions/0903): who may use it, and each refusal an editor can
 * meet (a stale save, a taken slug, a post not ready to publish, an upload that is no image or
 * too large), with the audit of every publish, unpublish and schedule.
 */
let t: TestApp;
let editorCookie: string;
let adminCookie: string;
let moderatorCookie: string;
let editorId: string;

beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
  const editor = await createStaff(t, "editor");
  editorId = editor.userId;
  const admin = await createStaff(t, "admin");
  const moderator = await createStaff(t, "moderator");
  [editorCookie, adminCookie, moderatorCookie] = await Promise.all([
    signedInCookie(t, editor.email, editor.password),
    signedInCookie(t, admin.email, admin.password),
    signedInCookie(t, moderator.email, moderator.password),
  ]);
});
afterAll(async () => t?.close());

const send = (method: string, path: string, cookie: string | null, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

let n = 0;
const draft = (overrides: Partial<PostDraftInput> = {}): PostDraftInput => {
  n++;
  return { title: `Answering every call ${n}`, slug: `answering-every-call-${n}`, summary: "Why it matters", body: "## First\n\nText.", ...overrides };
};

async function create(overrides: Partial<PostDraftInput> = {}, cookie = editorCookie) {
  const res = await send("POST", "/api/admin/content/posts", cookie, { baseVersion: 0, draft: draft(overrides) });
  expect(res.status).toBe(201);
  return (await res.json()) as ContentEntryDetail;
}

async function upload(bytes: Uint8Array, name = "photo.jpg", cookie = editorCookie) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return t.app.request("/api/admin/content/images", { method: "POST", headers: { Origin: origin, Cookie: cookie }, body: form });
}

describe("who may use the studio", () => {
  it("editors and admins read and write posts; moderators, plain users and strangers get 403 or 401", async () => {
    expect((await send("GET", "/api/admin/content/posts", editorCookie)).status).toBe(200);
    expect((await send("GET", "/api/admin/content/posts", adminCookie)).status).toBe(200);
    const moderator = await send("GET", "/api/admin/content/posts", moderatorCookie);
    expect(moderator.status).toBe(403);
    expect((await send("POST", "/api/admin/content/posts", moderatorCookie, { baseVersion: 0, draft: draft() })).status).toBe(403);
    expect((await send("GET", "/api/admin/content/posts", null)).status).toBe(401);
    const plain = await createStaff(t, "user");
    expect((await send("GET", "/api/admin/content/posts", await signedInCookie(t, plain.email, plain.password))).status).toBe(403);
    expect(await t.database.db.select().from(contentEntries).where(eq(contentEntries.createdBy, editorId))).toHaveLength(0);
  });

  it("an editor is a staff member whose session check answers, but the lead desk and the staff pages answer 403", async () => {
    const me = await send("GET", "/api/admin/me", editorCookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe("editor");
    for (const [method, path] of [
      ["POST", "/api/admin/leads/search"],
      ["GET", "/api/admin/leads/summary"],
      ["GET", "/api/admin/staff"],
      ["GET", "/api/admin/invitations"],
      ["POST", "/api/admin/invitations"],
    ] as const) {
      const res = await send(method, path, editorCookie, method === "POST" ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe("writing a post", () => {
  it("saves a draft with the signed-in editor as author, keeps a revision per save, and lists it as a Draft", async () => {
    const created = await create();
    expect(created).toMatchObject({ status: "draft", version: 1, draft: { authorUserId: editorId } });
    const saved = await send("PUT", `/api/admin/content/posts/${created.id}`, editorCookie, { baseVersion: 1, draft: { ...created.draft, summary: "Changed" } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ version: 2, draft: { summary: "Changed" } });
    const history = await send("GET", `/api/admin/content/posts/${created.id}/revisions`, editorCookie);
    expect(((await history.json()) as { items: { action: string }[] }).items.map((r) => r.action)).toEqual(["save", "create"]);
    const drafts = await send("GET", "/api/admin/content/posts?status=draft", editorCookie);
    expect(((await drafts.json()) as { items: { id: string; status: string }[] }).items).toContainEqual(expect.objectContaining({ id: created.id, status: "draft" }));
  });

  it("refuses the second of two saves made on the same version with 409, and keeps the first", async () => {
    const created = await create();
    const first = await send("PUT", `/api/admin/content/posts/${created.id}`, editorCookie, { baseVersion: 1, draft: { ...created.draft, summary: "Mine" } });
    expect(first.status).toBe(200);
    const second = await send("PUT", `/api/admin/content/posts/${created.id}`, adminCookie, { baseVersion: 1, draft: { ...created.draft, summary: "Theirs" } });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: STALE_SAVE_MESSAGE });
    const [row] = await t.database.db.select().from(contentEntries).where(eq(contentEntries.id, created.id));
    expect(row).toMatchObject({ version: 2, draft: expect.objectContaining({ summary: "Mine" }) });
  });

  it("refuses a slug another post holds, as its draft's, its live one or a former one", async () => {
    const first = await create({ slug: "taken-slug" });
    const refused = await send("POST", "/api/admin/content/posts", editorCookie, { baseVersion: 0, draft: draft({ slug: "taken-slug" }) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: SLUG_TAKEN_MESSAGE, fieldErrors: { slug: SLUG_TAKEN_MESSAGE } });
    // Published, then moved to another slug: the old one still answers for it (a redirect), so it stays taken.
    const live = await send("POST", `/api/admin/content/posts/${first.id}/publish`, editorCookie, { baseVersion: 1, draft: { ...first.draft } });
    expect(live.status).toBe(200);
    const moved = await send("POST", `/api/admin/content/posts/${first.id}/publish`, editorCookie, { baseVersion: 2, draft: { ...first.draft, slug: "new-slug" } });
    expect(moved.status).toBe(200);
    expect((await send("POST", "/api/admin/content/posts", editorCookie, { baseVersion: 0, draft: draft({ slug: "taken-slug" }) })).status).toBe(409);
    const badSlug = await send("POST", "/api/admin/content/posts", editorCookie, { baseVersion: 0, draft: draft({ slug: "Not A Slug" }) });
    expect(badSlug.status).toBe(400);
    // Keyed by the field the editor shows, as the form's own check keys it.
    expect(await badSlug.json()).toMatchObject({ fieldErrors: { slug: SLUG_MESSAGE } });
  });
});

describe("publishing", () => {
  it("publishes a new post in one step, with only a title and a body, and audits it", async () => {
    const res = await send("POST", "/api/admin/content/posts/publish", editorCookie, { baseVersion: 0, draft: { title: "Only a title", slug: "only-a-title", body: "Words." } });
    expect(res.status).toBe(201);
    const post = (await res.json()) as ContentEntryDetail;
    expect(post).toMatchObject({ status: "published", publishedSlug: "only-a-title", version: 1 });
    expect(post.firstPublishedAt).not.toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "content.publish"), eq(auditLog.target, post.id)));
    expect(audit).toHaveLength(1);
  });

  it("refuses to publish a post without a body, or whose cover has no alt text, and stores nothing", async () => {
    const noBody = await send("POST", "/api/admin/content/posts/publish", editorCookie, { baseVersion: 0, draft: draft({ slug: "no-body", body: "" }) });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toMatchObject({ fieldErrors: { body: BODY_REQUIRED } });
    const image = await upload(await sharp({ create: { width: 32, height: 18, channels: 3, background: "#1d4ed8" } }).jpeg().toBuffer());
    expect(image.status).toBe(201);
    const { id: imageId } = (await image.json()) as { id: string };
    const noAlt = await send("POST", "/api/admin/content/posts/publish", editorCookie, { baseVersion: 0, draft: draft({ slug: "no-alt", cover: { imageId, alt: "" } }) });
    expect(noAlt.status).toBe(400);
    expect(await noAlt.json()).toMatchObject({ fieldErrors: { "cover.alt": ALT_REQUIRED } });
    expect(await t.database.db.select().from(contentEntries).where(eq(contentEntries.slug, "no-alt"))).toHaveLength(0);
  });

  it("unpublishes and schedules, each audited; a scheduled post goes live once its time has come", async () => {
    const created = await create();
    const publishAt = new Date(Date.now() + 10 * 60_000);
    const scheduled = await send("POST", `/api/admin/content/posts/${created.id}/schedule`, editorCookie, { baseVersion: 1, draft: created.draft, publishAt: publishAt.toISOString() });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({ status: "scheduled", publishAt: publishAt.toISOString() });
    expect(await publishDueEntries(t.database.db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await publishDueEntries(t.database.db, new Date(publishAt.getTime() + 1000))).toBe(1);
    const [live] = await t.database.db.select().from(contentEntries).where(eq(contentEntries.id, created.id));
    expect(live).toMatchObject({ status: "published", publishAt: null });
    const unpublished = await send("POST", `/api/admin/content/posts/${created.id}/unpublish`, editorCookie, { baseVersion: live!.version });
    expect(unpublished.status).toBe(200);
    expect(await unpublished.json()).toMatchObject({ status: "draft", publishedSlug: null });
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, created.id))).map((r) => r.action);
    expect(actions.sort()).toEqual(["content.publish", "content.schedule", "content.unpublish"]);
    const past = await send("POST", `/api/admin/content/posts/${created.id}/schedule`, editorCookie, { baseVersion: live!.version + 1, draft: created.draft, publishAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
  });

  it("a scheduled post goes live at its time by an instance's own tick, with nobody signed in", async () => {
    const created = await create();
    const scheduled = await send("POST", `/api/admin/content/posts/${created.id}/schedule`, editorCookie, { baseVersion: 1, draft: created.draft, publishAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(scheduled.status).toBe(200);
    // Its time is brought forward to a second and a half from now, as if the wait were over.
    const publishAt = new Date(Date.now() + 1500);
    await t.database.db.update(contentEntries).set({ publishAt }).where(eq(contentEntries.id, created.id));
    // An instance learning of changes only through the database, as a second server would.
    const instance = createSiteContentStore({ db: t.database.db, logger: createLogger("silent"), pollMs: 100 });
    await instance.start();
    try {
      expect(instance.posts().map((p) => p.slug)).not.toContain(created.slug);
      await expect.poll(() => instance.posts().map((p) => p.slug), { timeout: 6000, interval: 100 }).toContain(created.slug);
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
      const [live] = await t.database.db.select().from(contentEntries).where(eq(contentEntries.id, created.id));
      expect(live).toMatchObject({ status: "published", publishAt: null });
    } finally {
      instance.stop();
    }
  });

  it("restores a former revision as a new one", async () => {
    const created = await create({ summary: "First words" });
    await send("PUT", `/api/admin/content/posts/${created.id}`, editorCookie, { baseVersion: 1, draft: { ...created.draft, summary: "Second words" } });
    const history = (await (await send("GET", `/api/admin/content/posts/${created.id}/revisions`, editorCookie)).json()) as { items: { id: string; version: number }[] };
    const first = history.items.find((r) => r.version === 1)!;
    const restored = await send("POST", `/api/admin/content/posts/${created.id}/revisions/${first.id}/restore`, editorCookie, { baseVersion: 2 });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ version: 3, draft: { summary: "First words" } });
  });
});

describe("uploading images", () => {
  it("refuses a PDF named photo.jpg and an image over 10 MB with the form's messages", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    const notImage = await upload(pdf, "photo.jpg");
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ error: IMAGE_MESSAGES.type, fieldErrors: { file: IMAGE_MESSAGES.type } });
    const tooLarge = await upload(new Uint8Array(MAX_IMAGE_BYTES + 100 * 1024), "huge.jpg");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: IMAGE_MESSAGES.size });
    const moderator = await upload(pdf, "photo.jpg", moderatorCookie);
    expect(moderator.status).toBe(403);
  });
});
