import crypto from "node:crypto";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadsPage, LeadUpdateResponse } from "@shared/api/lead-desk-api";
import { leadSources, leadStatuses } from "@shared/schemas/lead-desk";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, seedBookings, signedInCookie } from "../support/admin-fixtures";
import { leads } from "../../server/db/schema";
import { contactBody, enterpriseBody, bookingBody, postJson } from "../api/leads-support";
import { badSessionCookie, expectHandled, extremeDate, closeStillServing, hostileJson, hostileString, percentEncode, runs, saneDate, send, sessionOrigins } from "./support";

/*
 * The lead desk's admin inputs (server/routes/admin-leads.ts) under generated bodies, cursors,
 * lead ids and dates, signed in as an admin: never a 5xx; every refusal a JSON message in the
 * admin envelope that changes no lead, timeline entry or audit row; every accepted change exactly
 * one timeline entry and one audit row per field it changed; and without a session, nothing.
 */

let t: TestApp;
let cookie: string;
let adminId: string;
let otherAdminId: string;
let moderatorId: string;
let leadIds: string[] = [];
let realCursor: string;

beforeAll(async () => {
  t = await createTestApp({ ...adminTestEnv, LEADS_RATE_LIMIT_MAX: "10000" });
  const admin = await createStaff(t, "admin");
  adminId = admin.userId;
  otherAdminId = (await createStaff(t, "admin")).userId;
  moderatorId = (await createStaff(t, "moderator")).userId;
  cookie = await signedInCookie(t, admin.email, admin.password);
  // A few leads from each form, as visitors send them, and more by SQL over two years for cursors.
  const bodies: [string, Record<string, unknown>][] = [
    ["/api/submit-booking", bookingBody()],
    ["/api/submit-booking", enterpriseBody({ source_form: "enterprise_inline" })],
    ["/api/contact", contactBody()],
  ];
  for (let i = 0; i < 6; i++) {
    const [path, body] = bodies[i % 3]!;
    const email = `fuzz-${i}@example.com`;
    const res = await postJson(t.app, path, { ...body, ...(path === "/api/contact" ? { email } : { work_email: email }) }, { "x-forwarded-for": randomIp() });
    expect(res.status).toBe(200);
  }
  const day = 24 * 3600 * 1000;
  await seedBookings(t, Array.from({ length: 30 }, (_, i) => ({ createdAt: new Date(Date.UTC(2025, 0, 1) + i * 23 * day), name: `Lead ${i}` })));
  leadIds = (await t.database.db.select({ id: leads.id }).from(leads)).map((row) => row.id);
  const first = (await (await post("/api/admin/leads/search", { limit: 2 }))!.json()) as LeadsPage;
  realCursor = first.nextCursor!;
});
afterAll(async () => {
  const me = await t.app.request("/api/admin/me", { headers: { Cookie: cookie } });
  expect(me.status).toBe(200);
  // The inbox still lists every lead.
  const page = (await (await post("/api/admin/leads/search", { limit: 100 }))!.json()) as LeadsPage;
  expect(page.items.length).toBeGreaterThanOrEqual(36);
  await closeStillServing(t);
});

function post(path: string, body: unknown, extra: Record<string, string> = {}) {
  return send(t, path, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json", ...extra },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

type DeskState = { leads: number; versions: number; desk: string; events: number; audit: number; bookings: number; contacts: number };

/** What any lead desk request could write, in one round trip: counts, and a digest of every lead's desk fields. */
async function deskState(): Promise<DeskState> {
  const result = await t.database.db.execute<DeskState>(sql`select
    (select count(*) from leads)::int as leads,
    (select coalesce(sum(version), 0) from leads)::int as versions,
    (select md5(coalesce(string_agg(id::text || status::text || coalesce(owner_user_id::text, '-') || version
      || coalesce(first_response_at::text, '-'), ',' order by id), '')) from leads) as desk,
    (select count(*) from lead_events)::int as events,
    (select count(*) from audit_log)::int as audit,
    (select count(*) from booking_inquiries)::int as bookings,
    (select count(*) from contact_requests)::int as contacts`);
  return result.rows[0]!;
}

const date = fc.oneof(saneDate, extremeDate, hostileJson);

const forgedCursor = fc
  .tuple(
    fc.oneof(extremeDate, saneDate),
    fc.constantFrom("T00:00:00.000000Z", "T24:00:00.000000Z", "T23:59:60.999999Z", "T99:99:99.999999Z", "T12:00:00.5Z"),
    fc.oneof(fc.uuid(), fc.constant("ffffffff-ffff-ffff-ffff-ffffffffffff"), fc.constant("not-a-uuid")),
  )
  .map(([d, time, id]) => Buffer.from(`${d}${time}|${id}`, "utf8").toString("base64url"));
const cursor = fc.oneof(
  fc.constant(0).map(() => realCursor),
  forgedCursor,
  hostileString.map((s) => Buffer.from(s, "utf8").toString("base64url")),
  hostileString,
  hostileJson,
);

const searchText = fc.oneof(
  fc.constantFrom("Lead", "lead 1", "%", "_", "\\", "'", "fuzz-", "a".repeat(201), "\u0000", "a\ud800b", "\udfff"),
  hostileString,
  hostileJson,
);

/** The inbox's filters: the real names with values right, wrong and hostile, or any JSON at all. */
const filters = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        q: searchText,
        source: fc.oneof(fc.constantFrom(...leadSources, "BOOKING_DIALOG", ""), hostileJson),
        status: fc.oneof(fc.constantFrom(...leadStatuses, "New", ""), hostileJson),
        owner: fc.oneof(fc.constantFrom("none", "NONE", ""), fc.constant(0).map(() => adminId), fc.uuid(), hostileJson),
        overdue: fc.oneof(fc.constantFrom(true, false, "true", 1), hostileJson),
        notBooked: fc.oneof(fc.constantFrom(true, false, "true", 1), hostileJson),
        bookedFrom: date,
        from: date,
        to: date,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: hostileJson },
);

const listBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(filters, fc.record({ cursor, limit: fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(1.5, "10", 1e21, null), hostileJson) }, { requiredKeys: [] }))
      .map(([f, page]) => (f && typeof f === "object" && !Array.isArray(f) ? { ...f, ...page } : f)),
  },
  { weight: 1, arbitrary: hostileJson },
);

/** A lead id: one that exists, one that does not, or anything a URL can carry. */
const leadId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0).map(() => leadIds[0]!) },
  { weight: 4, arbitrary: fc.nat().map((i) => leadIds[i % leadIds.length]!) },
  { weight: 1, arbitrary: fc.constant(0).map(() => leadIds[1]!.toUpperCase()) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileString.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom("summary", "search", "export", "%00", "..", "%2F", "a%2Fb", "00000000-0000-0000-0000-000000000000") },
);

/** Mostly a lead that exists, so that changes get far enough to be checked against it. */
const existingLeadId = fc.oneof(
  { weight: 5, arbitrary: fc.nat().map((i) => leadIds[i % 4]!) },
  { weight: 1, arbitrary: leadId },
);

/** "current" becomes the lead's version when the request is made, so changes get through too. */
const version = fc.oneof(
  { weight: 6, arbitrary: fc.constant("current") },
  { weight: 2, arbitrary: fc.integer({ min: -2, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31, 2 ** 53, 1e21, 1.5, -0, "1", null) },
  { weight: 1, arbitrary: hostileJson },
);
const changeFields = (requiredKeys: ("version" | "status" | "ownerId")[]) =>
  fc.record(
    {
      version,
      status: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...leadStatuses) },
        { weight: 1, arbitrary: fc.constantFrom("NEW", "", null) },
        { weight: 1, arbitrary: hostileJson },
      ),
      ownerId: fc.oneof(
        {
          weight: 8,
          arbitrary: fc.constantFrom("admin", "other", "moderator", "ADMIN", "nobody").map((who): string | null =>
            who === "admin" ? adminId : who === "other" ? otherAdminId : who === "moderator" ? moderatorId : who === "ADMIN" ? adminId.toUpperCase() : null,
          ),
        },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: hostileJson },
      ),
    },
    { requiredKeys },
  );
/** Mostly a version and something to change, sometimes any subset of the fields, or any JSON. */
const change = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<("status" | "ownerId")[]>(["status"], ["ownerId"], ["status", "ownerId"]).chain((keys) => changeFields(["version", ...keys])) },
  { weight: 1, arbitrary: changeFields([]) },
  { weight: 1, arbitrary: hostileJson },
);

const noteBody = fc.oneof(
  { weight: 4, arbitrary: fc.record({ text: fc.oneof(hostileString, fc.constantFrom("Called", "  ", "x".repeat(2001), "\u00e9".repeat(2000), "a\u0000b", "a\ud800"), hostileJson) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: hostileJson },
);

async function currentVersion(id: string): Promise<number | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await t.database.db.select({ version: leads.version }).from(leads).where(eq(leads.id, id.toLowerCase()));
  return row?.version ?? null;
}

describe("lead desk inputs, signed in as an admin", () => {
  it("POST /api/admin/leads/search with any body: 200 with a page or a 400 with a message, writing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(listBody, async (body) => {
        const before = await deskState();
        const res = await post("/api/admin/leads/search", body);
        if (!res) return;
        const status = res.status;
        const answer = await expectHandled(res, `search ${JSON.stringify(body)}`, { json: true });
        if (status === 200) expect(Array.isArray((answer as LeadsPage).items)).toBe(true);
        else expect([400, 413]).toContain(status);
        expect(await deskState()).toEqual(before);
      }),
      runs(200),
    );
  });

  it("POST /api/admin/leads/export with any filters: the whole CSV and one audit row, or a refusal that writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(filters, async (body) => {
        const before = await deskState();
        const res = (await post("/api/admin/leads/export", body))!;
        const status = res.status;
        if (status === 200) {
          // The whole file arrives: a failure after the headers would abort the stream here.
          await expect(res.text(), `export of ${JSON.stringify(body)} aborted after its headers`).resolves.toMatch(/^.+\r?\n/);
          expect(await deskState()).toEqual({ ...before, audit: before.audit + 1 });
        } else {
          await expectHandled(res, `export ${JSON.stringify(body)}`, { json: true });
          expect(res.headers.get("content-disposition")).toBeNull();
          expect([400, 413]).toContain(status);
          expect(await deskState()).toEqual(before);
        }
      }),
      runs(150),
    );
  });

  it("GET /api/admin/leads/:id with any id: the lead, a 400 or a 404, always JSON", async () => {
    await fc.assert(
      fc.asyncProperty(leadId, async (id) => {
        const res = await send(t, `/api/admin/leads/${id}`, { headers: { Cookie: cookie } });
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `GET ${id}`, { json: true });
        expect([200, 400, 404]).toContain(status);
      }),
      runs(100),
    );
  });

  it("PATCH /api/admin/leads/:id with any id and body: a change writes one entry and one audit row per field, a refusal writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(existingLeadId, change, async (id, generated) => {
        const body =
          generated && typeof generated === "object" && !Array.isArray(generated) && (generated as { version?: unknown }).version === "current"
            ? { ...generated, version: (await currentVersion(id)) ?? 1 }
            : generated;
        const before = await deskState();
        const res = await send(t, `/api/admin/leads/${id}`, {
          method: "PATCH",
          headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res) return;
        const status = res.status;
        const answer = await expectHandled(res, `PATCH ${id} ${JSON.stringify(body)}`, { json: true });
        const after = await deskState();
        if (status === 200) {
          const lead = (answer as LeadUpdateResponse).lead;
          const written = after.events - before.events;
          expect(after.audit - before.audit).toBe(written);
          expect(written).toBeLessThanOrEqual(2);
          expect(after.versions - before.versions).toBe(written > 0 ? 1 : 0);
          if (written === 0) expect(after).toEqual(before);
          expect(lead.id).toBe(id.toLowerCase());
        } else {
          expect([400, 404, 409, 413, 422]).toContain(status);
          expect(after, `PATCH refused (${status}) yet wrote`).toEqual(before);
        }
      }),
      runs(200),
    );
  });

  it("POST /api/admin/leads/:id/notes with any id and body: 201 with one entry and one audit row, or a refusal that writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(leadId, noteBody, async (id, body) => {
        const before = await deskState();
        const res = await post(`/api/admin/leads/${id}/notes`, body);
        if (!res) return;
        const status = res.status;
        await expectHandled(res, `note ${id} ${JSON.stringify(body).slice(0, 200)}`, { json: true });
        const after = await deskState();
        if (status === 201) expect(after).toEqual({ ...before, events: before.events + 1, audit: before.audit + 1 });
        else {
          expect([400, 404, 413]).toContain(status);
          expect(after).toEqual(before);
        }
      }),
      runs(100),
    );
  });

  it("any method, path and body under /api/admin/leads: never a 5xx, errors in JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        fc.oneof(
          fc.constantFrom("", "search", "export", "summary", "summary/x", "search/", "x/notes", "notes"),
          leadId,
          leadId.map((id) => `${id}/notes`),
          leadId.map((id) => `${id}/${percentEncode("n\u00f6tes")}`),
        ),
        fc.oneof(fc.constant(undefined), hostileJson.map((v) => JSON.stringify(v))),
        fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"),
        async (method, path, body, type) => {
          const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
          const res = await send(t, `/api/admin/leads/${path}`, {
            method,
            headers: { Cookie: cookie, Origin: origin, ...(hasBody ? { "Content-Type": type } : {}) },
            body: hasBody ? body : undefined,
          });
          if (!res) return;
          await expectHandled(res, `${method} /api/admin/leads/${path}`, { json: method !== "HEAD" });
        },
      ),
      runs(150),
    );
  });
});

describe("lead desk endpoints without a valid session", () => {
  it("any cookie, origin and request: 401 or 403 in JSON, nothing written", async () => {
    const id = () => leadIds[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ["POST", "/api/admin/leads/search", {}],
          ["POST", "/api/admin/leads/export", {}],
          ["GET", "/api/admin/leads/summary", undefined],
          ["GET", "lead", undefined],
          ["PATCH", "lead", { version: 1, status: "lost" }],
          ["POST", "lead/notes", { text: "Sneaky" }],
        ) as fc.Arbitrary<[string, string, unknown]>,
        badSessionCookie,
        sessionOrigins,
        async ([method, rawPath, body], badCookie, from) => {
          const path = rawPath.startsWith("lead") ? `/api/admin/leads/${id()}${rawPath.slice(4)}` : rawPath;
          const before = await deskState();
          const headers: Record<string, string> = { Cookie: badCookie, "Content-Type": "application/json" };
          if (from) headers.Origin = from;
          const res = await send(t, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          if (!res) return;
          const status = res.status;
          await expectHandled(res, `${method} ${path}`, { json: true });
          expect([401, 403]).toContain(status);
          expect(await deskState()).toEqual(before);
        },
      ),
      runs(150),
    );
  });

  // A moderator works the desk (docs/decisions/0204; tests/api/admin-access.test.ts); a user does not.
  it("a session without a staff role: 403 on every lead desk route", async () => {
    const mod = await createStaff(t, "user", `user-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const modCookie = await signedInCookie(t, mod.email, mod.password);
    const before = await deskState();
    for (const [method, path, body] of [
      ["POST", "/api/admin/leads/search", {}],
      ["PATCH", `/api/admin/leads/${leadIds[0]}`, { version: 1, status: "lost" }],
      ["POST", `/api/admin/leads/${leadIds[0]}/notes`, { text: "x" }],
    ] as const) {
      const res = await send(t, path, { method, headers: { Cookie: modCookie, Origin: origin, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expect(res!.status).toBe(403);
    }
    expect(await deskState()).toEqual(before);
  });
});
