import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { ContentAuthorsResponse, ContentEntryDetail, ContentListResponse, ContentRevisionsResponse, StoredImage } from "@shared/api/content-api";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "@shared/schemas/content-image";
import { contentRoles } from "@shared/schemas/admin";
import {
  contentListQuerySchema,
  publishEntrySchema,
  saveEntrySchema,
  scheduleEntrySchema,
  unpublishEntrySchema,
  type ContentKind,
  type DraftOf,
} from "@shared/schemas/content";
import { invalidInput, jsonBody, mediaType } from "../http/validation";
import { storeImage } from "../platform/file-storage";
import { countUpload } from "../content/upload-rate-limit";
import { adminError, adminErrorBody } from "../admin/admin-errors";
import { allow, type AdminEnv } from "../admin/require-admin";
import {
  entryNotFound,
  listAuthors,
  getEntry,
  listEntries,
  listRevisions,
  publishEntry,
  restoreRevision,
  saveEntry,
  scheduleEntry,
  unpublishEntry,
  type ContentRefusal,
  type ContentResult,
} from "../content/content-entries";

/** An image and the form's few hundred bytes of multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
const NOT_AN_UPLOAD = "Send the image as a form upload (multipart/form-data) in the field \"file\".";

/** A post is at most 200,000 characters of body plus a few fields; JSON escaping can double it. */
export const ADMIN_CONTENT_BODY_LIMIT_BYTES = 512 * 1024;

const idParam = z.object({ id: z.string().uuid("Invalid post ID").transform((id) => id.toLowerCase()) });
const revisionParam = idParam.extend({ revisionId: z.string().uuid("Invalid revision ID").transform((id) => id.toLowerCase()) });
const restoreBody = z.object({ baseVersion: z.coerce.number().int().min(0) });

/**
 * What every studio route file shares (this one, and admin-content-words.ts for prices and FAQ):
 * field errors keyed by the field the editor shows ("title", "cover.alt", "monthly"), not
 * "draft"; the studio's body limit; editors and admins only; who writes; and a write's answer,
 * the entry as the studio reloads it (after the site learns of the change) or the refusal in the
 * admin envelope.
 */
export function contentRouteParts() {
  const invalidDraft = invalidInput(adminErrorBody);
  const invalid: typeof invalidDraft = (result, c) =>
    invalidDraft(
      result.success
        ? result
        : { ...result, error: { issues: result.error.issues.map((i) => (i.path[0] === "draft" && i.path.length > 1 ? { ...i, path: [i.path.slice(1).join(".")] } : i)) } },
      c,
    );
  const json = jsonBody({ maxBytes: ADMIN_CONTENT_BODY_LIMIT_BYTES, errorBody: adminErrorBody });
  const editors = allow(...contentRoles);
  const actor = (c: Context<AdminEnv>) => ({ userId: c.get("admin").userId, email: c.get("admin").email });
  const db = (c: Context<AdminEnv>) => c.get("deps").database.db;
  const answerFor =
    <K extends ContentKind>(kind: K) =>
    async (c: Context<AdminEnv>, result: ContentResult<{ id: string }> | ContentRefusal, created = false) => {
      if (!result.ok) return adminError(c, result.status, result.error, result.fieldErrors ? { fieldErrors: result.fieldErrors } : {});
      const entry = await getEntry(db(c), kind, result.value.id);
      await c.get("deps").siteContent?.changed();
      return c.json(entry satisfies ContentEntryDetail<DraftOf[K]> | null, created ? 201 : 200);
    };
  return { invalid, json, editors, actor, db, answerFor };
}

/**
 * /api/admin/content: the studio's posts (docs/decisions/0903). Inside adminApi (admin-api.ts),
 * which checks the origin and the session first; every route here is for editors and admins.
 * Writes name the version they were made on: a stale one is refused with 409 and the studio keeps
 * the editor's text.
 */
export function adminContentRoutes() {
  const routes = new Hono<AdminEnv>();
  const { invalid, json, editors, actor, db, answerFor } = contentRouteParts();
  const answer = answerFor("post");

  // Who a byline may name: the people who work the studio.
  routes.get("/authors", editors, async (c) => c.json({ items: await listAuthors(db(c)) } satisfies ContentAuthorsResponse));

  routes.get("/posts", editors, zValidator("query", contentListQuerySchema, invalid), async (c) => {
    const { status } = c.req.valid("query");
    return c.json({ items: await listEntries(db(c), "post", status) } satisfies ContentListResponse);
  });

  routes.post("/posts", editors, json, zValidator("json", saveEntrySchema, invalid), async (c) => {
    const { draft } = c.req.valid("json");
    return answer(c, await saveEntry(db(c), "post", actor(c), { id: null, baseVersion: 0 }, draft), true);
  });

  // A new post published or scheduled in one step, before it was ever saved.
  routes.post("/posts/publish", editors, json, zValidator("json", publishEntrySchema, invalid), async (c) => {
    const { draft } = c.req.valid("json");
    return answer(c, await publishEntry(db(c), "post", actor(c), { id: null, baseVersion: 0 }, draft), true);
  });
  routes.post("/posts/schedule", editors, json, zValidator("json", scheduleEntrySchema, invalid), async (c) => {
    const { draft, publishAt } = c.req.valid("json");
    return answer(c, await scheduleEntry(db(c), "post", actor(c), { id: null, baseVersion: 0 }, draft, publishAt), true);
  });

  routes.get("/posts/:id", editors, zValidator("param", idParam, invalid), async (c) => {
    const entry = await getEntry(db(c), "post", c.req.valid("param").id);
    return entry ? c.json(entry satisfies ContentEntryDetail) : adminError(c, 404, entryNotFound("post"));
  });

  routes.put("/posts/:id", editors, zValidator("param", idParam, invalid), json, zValidator("json", saveEntrySchema, invalid), async (c) => {
    const { baseVersion, draft } = c.req.valid("json");
    return answer(c, await saveEntry(db(c), "post", actor(c), { id: c.req.valid("param").id, baseVersion }, draft));
  });

  routes.post("/posts/:id/publish", editors, zValidator("param", idParam, invalid), json, zValidator("json", publishEntrySchema, invalid), async (c) => {
    const { baseVersion, draft } = c.req.valid("json");
    return answer(c, await publishEntry(db(c), "post", actor(c), { id: c.req.valid("param").id, baseVersion }, draft));
  });

  routes.post("/posts/:id/schedule", editors, zValidator("param", idParam, invalid), json, zValidator("json", scheduleEntrySchema, invalid), async (c) => {
    const { baseVersion, draft, publishAt } = c.req.valid("json");
    return answer(c, await scheduleEntry(db(c), "post", actor(c), { id: c.req.valid("param").id, baseVersion }, draft, publishAt));
  });

  routes.post("/posts/:id/unpublish", editors, zValidator("param", idParam, invalid), json, zValidator("json", unpublishEntrySchema, invalid), async (c) => {
    const { baseVersion } = c.req.valid("json");
    return answer(c, await unpublishEntry(db(c), "post", actor(c), { id: c.req.valid("param").id, baseVersion }));
  });

  routes.get("/posts/:id/revisions", editors, zValidator("param", idParam, invalid), async (c) => {
    const items = await listRevisions(db(c), "post", c.req.valid("param").id);
    return items ? c.json({ items } satisfies ContentRevisionsResponse) : adminError(c, 404, entryNotFound("post"));
  });

  routes.post(
    "/posts/:id/revisions/:revisionId/restore",
    editors,
    zValidator("param", revisionParam, invalid),
    json,
    zValidator("json", restoreBody, invalid),
    async (c) => {
      const { id, revisionId } = c.req.valid("param");
      return answer(c, await restoreRevision(db(c), "post", actor(c), { id, baseVersion: c.req.valid("json").baseVersion }, revisionId));
    },
  );

  // An image for a post (its cover, or one in its body): counted against the uploader's hourly
  // allowance before a byte is read, then recognised by its bytes and re-encoded
  // (server/platform/file-storage.ts, docs/decisions/0902).
  routes.post(
    "/images",
    editors,
    async (c, next) => {
      if (mediaType(c.req.header("content-type")) !== "multipart/form-data") return adminError(c, 415, NOT_AN_UPLOAD);
      const decision = await countUpload(c.get("deps"), c.get("admin").userId);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfterSeconds));
        return adminError(c, 429, IMAGE_MESSAGES.tooMany, { fieldErrors: { file: IMAGE_MESSAGES.tooMany } });
      }
      await next();
    },
    bodyLimit({ maxSize: UPLOAD_BODY_LIMIT_BYTES, onError: (c) => adminError(c, 413, IMAGE_MESSAGES.size, { fieldErrors: { file: IMAGE_MESSAGES.size } }) }),
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.parseBody())["file"];
      } catch {
        return adminError(c, 400, NOT_AN_UPLOAD);
      }
      if (!(file instanceof Blob)) return adminError(c, 400, NOT_AN_UPLOAD, { fieldErrors: { file: IMAGE_MESSAGES.type } });
      const stored = await storeImage(db(c), file, { actorUserId: c.get("admin").userId });
      if (!stored.ok) return adminError(c, stored.status, stored.error, { fieldErrors: { file: stored.error } });
      const { id, width, height, variants } = stored.image;
      return c.json({ id, width, height, url: variants.at(-1)!.url } satisfies StoredImage, 201);
    },
  );

  return routes;
}
