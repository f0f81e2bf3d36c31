import fc from "fast-check";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_PATH, collectedEventSchema } from "@shared/schemas/analytics";
import { isSingleLineText } from "@shared/schemas/lead-fields";
import { publicPaths } from "@shared/site-routes";
import { createStaff, signedInCookie } from "../support/admin-fixtures";
import { DESKTOP_UA, createAnalyticsApp, type AnalyticsTestApp } from "../api/analytics-support";
import { contentTypes, expectHandled, closeStillServing, formBody, hostileJson, hostileString, isHeaderSafe, oddHeaders, percentEncode, PUBLIC_URL, rawJsonText, reachedAtDepth, runs, send } from "./support";

/*
 * First-party analytics under generated input (docs/decisions/0801): POST /api/events and the
 * report's query. Never a 5xx; a refused event never reaches the buffer; an accepted one is a
 * valid event from a counted sender, and every accepted event is written, under one of the site's
 * paths or "(other)" and with campaign values of one visible line; the server still serves afterwards.
 */

let t: AnalyticsTestApp;
let cookie = "";
/** Events the buffer took: after the suite, exactly these are rows. */
let accepted = 0;

beforeAll(async () => {
  t = await createAnalyticsApp("2025-09-01T12:00:00Z", { BETTER_AUTH_SECRET: "a-fuzz-secret-that-is-at-least-32-characters-long" });
  const admin = await createStaff(t, "admin");
  cookie = await signedInCookie(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.ingest.flush();
  const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`);
  expect(rows[0]!.n, "every accepted event is written, nothing else").toBe(accepted);
  // A real event still goes through, and the lead endpoints still work.
  const res = await send(t, "/api/events", {
    method: "POST",
    headers: { "content-type": "text/plain", "user-agent": DESKTOP_UA, "x-forwarded-for": "198.51.100.99", origin: PUBLIC_URL },
    body: JSON.stringify({ name: "page_view", path: "/" }),
  });
  expect(res?.status).toBe(202);
  await closeStillServing(t);
});

const clean = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;

/** Whether the server counts a request with these headers at all (decision 0801: bots, GPC). */
const counted = (headers: Record<string, string>) => {
  const ua = headers["user-agent"];
  return Boolean(ua) && !isbot(ua!) && headers["sec-gpc"]?.trim() !== "1";
};

/** POST /api/events; checks the answer against what the buffer did. */
async function postEvent(body: string, headers: Record<string, string>) {
  // Written before it could fill a batch on its own, so the buffer's size tells what this request did.
  if (t.ingest.pending >= 400) await t.ingest.flush();
  const before = t.ingest.pending;
  const res = await send(t, "/api/events", { method: "POST", headers, body });
  if (!res) return;
  const status = res.status;
  await expectHandled(res, "POST /api/events", { json: true });
  const taken = t.ingest.pending - before;
  if (status >= 400) {
    expect(taken, `refused (${status}) but buffered`).toBe(0);
    expect([400, 403, 413, 415, 429], `status ${status}`).toContain(status);
    return;
  }
  expect(status).toBe(202);
  if (taken === 1) {
    accepted++;
    expect(counted(headers), "a bot's or an opted-out request was buffered").toBe(true);
    const parsed = collectedEventSchema.safeParse(JSON.parse(body));
    expect(parsed.success, `buffered an invalid event: ${body.slice(0, 200)}`).toBe(true);
  } else {
    expect(taken).toBe(0);
    expect(counted(headers), `a valid-looking sender's 202 was dropped: ${JSON.stringify(headers).slice(0, 200)}`).toBe(false);
  }
}

const userAgents = fc.oneof(
  { weight: 4, arbitrary: fc.constant(DESKTOP_UA) },
  { weight: 1, arbitrary: fc.constantFrom("Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "", "Mozilla/5.0") },
  { weight: 1, arbitrary: hostileString.filter(isHeaderSafe) },
);

const validEvent = {
  name: "page_view",
  path: "/pricing",
  referrer: "https://www.google.com/",
  utm: { source: "google", medium: "cpc", campaign: "brand" },
};

describe("POST /api/events under generated input", () => {
  it("any body text, content type and headers: no 5xx; a refusal is JSON with a message and buffers nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        rawJsonText(fc.oneof(hostileJson, formBody(validEvent))),
        contentTypes(["text/plain;charset=UTF-8", "application/json", "text/plain"]),
        oddHeaders,
        userAgents,
        fc.constantFrom(undefined, "1", "0", " 1"),
        async (body, type, headers, ua, gpc) => {
          await postEvent(body, clean({ ...headers, origin: PUBLIC_URL, "content-type": type, "user-agent": ua, "sec-gpc": gpc }));
        },
      ),
      runs(100),
    );
  });

  it("the event's own fields with hostile values, from a browser: no 5xx; stored only when valid", async () => {
    const names = fc.constantFrom("page_view", "cta_click", "dialog_open", "form_start", "scheduler_shown", "demo_play", "submission", "meeting_booked", "PAGE_VIEW", "");
    await fc.assert(
      fc.asyncProperty(formBody({ ...validEvent, detail: "hero" }), names, fc.ipV4(), async (event, name, ip) => {
        const body = JSON.stringify({ ...event, name: event.name === validEvent.name ? name : event.name });
        await postEvent(body, { "content-type": "text/plain;charset=UTF-8", "user-agent": DESKTOP_UA, "x-forwarded-for": ip, origin: PUBLIC_URL });
      }),
      runs(150),
    );
  });
});

describe("hostile text in what is stored", () => {
  it("paths and campaign values of any text: stored when valid, refused otherwise; never a batch the database refuses", async () => {
    // One field hostile at a time, the others valid, so that a hostile value reaches the database.
    const slots = ["path", "source", "medium", "campaign"] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...slots), hostileString, fc.boolean(), async (slot, text, asPath) => {
        const value = slot === "path" && asPath ? `/${text}` : text;
        const event = { name: "page_view", path: "/pricing", utm: { source: "google", medium: "cpc", campaign: "brand" } };
        if (slot === "path") event.path = value;
        else event.utm[slot] = value;
        await postEvent(JSON.stringify(event), { "content-type": "text/plain;charset=UTF-8", "user-agent": DESKTOP_UA, "x-forwarded-for": `198.18.${accepted % 250}.1`, origin: PUBLIC_URL });
      }),
      runs(150),
    );
    // Every batch so far is written now: a value the database refuses would lose its whole batch.
    await t.ingest.flush();
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`);
    expect(rows[0]!.n).toBe(accepted);
    expect(accepted, "the generators reach valid events too").toBeGreaterThan(reachedAtDepth(100));
    // What was stored: only the site's own paths (or "(other)"), campaign values of one visible line.
    const stored = await t.database.db.execute<{ path: string | null }>(sql`select path from analytics_events union select entry_path from analytics_visits`);
    for (const { path } of stored.rows) expect([...publicPaths, OTHER_PATH], JSON.stringify(path)).toContain(path);
    const campaigns = await t.database.db.execute<{ value: string }>(sql`
      select utm_source as value from analytics_visits union select utm_medium from analytics_visits union select utm_campaign from analytics_visits`);
    for (const { value } of campaigns.rows) expect(isSingleLineText(value), JSON.stringify(value)).toBe(true);
  });
});

describe("the report's query under generated input", () => {
  const dates = fc.oneof(
    { weight: 3, arbitrary: fc.date({ min: new Date("1999-01-01T00:00:00Z"), max: new Date("2101-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
    { weight: 1, arbitrary: fc.constantFrom("2025-02-29", "2024-02-29", "2025-13-01", "0000-00-00", "9999-12-31", "2025-9-1", " 2025-09-01", "") },
    { weight: 1, arbitrary: hostileString },
  );
  const query = fc.record(
    {
      from: dates,
      to: dates,
      source: fc.oneof(hostileString, fc.constantFrom("google", "(direct)")),
      campaign: fc.oneof(hostileString, fc.constantFrom("brand", "(none)")),
      landing: fc.oneof(hostileString, fc.constantFrom("/", "/pricing", "(unknown)")),
      device: fc.oneof(hostileString, fc.constantFrom("phone", "tablet", "desktop")),
    },
    { requiredKeys: [] },
  );

  it("GET /api/admin/analytics with any query: 200 with a report, or 400 with a message; never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (q, repeat) => {
        let search = Object.entries(q)
          .map(([k, v]) => `${k}=${percentEncode(v)}`)
          .join("&");
        if (repeat && q.from !== undefined) search += `&from=${percentEncode(q.from)}`;
        const res = await send(t, `/api/admin/analytics?${search}`, { headers: { cookie } });
        if (!res) return;
        const status = res.status;
        const body = (await expectHandled(res, "GET /api/admin/analytics", { json: true })) as { funnel?: unknown[]; series?: unknown[] };
        expect([200, 400], `status ${status}`).toContain(status);
        if (status === 200) {
          expect(body.funnel).toHaveLength(6);
          expect(body.series!.length).toBeLessThanOrEqual(400);
        }
      }),
      runs(100),
    );
  });

  it("POST /api/admin/analytics/export with hostile filters: a CSV, or 400 (413 past 16 KB) with a message; never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(formBody({ from: "2025-08-01", to: "2025-09-01", source: "google" }), async (filters) => {
        const res = await send(t, "/api/admin/analytics/export", {
          method: "POST",
          headers: { cookie, origin: PUBLIC_URL, "content-type": "application/json" },
          body: JSON.stringify(filters),
        });
        if (!res) return;
        const status = res.status;
        await expectHandled(res, "POST /api/admin/analytics/export", { json: status !== 200 });
        expect([200, 400, 413], `status ${status}`).toContain(status);
      }),
      runs(60),
    );
  });
});
