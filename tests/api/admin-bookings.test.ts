import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, seedBookings, signedInCookie } from "../support/admin-fixtures";
import { csvCell } from "../../server/platform/csv-stream";
import { auditLog } from "../../server/db/schema";

let t: TestApp;
let cookie: string;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp(adminTestEnv);
  const admin = await createStaff(t, "admin");
  adminEmail = admin.email;
  cookie = await signedInCookie(t, admin.email, admin.password);
});
afterAll(async () => t?.close());

type Page = { items: Record<string, unknown>[]; nextCursor: string | null };
/** One page: the filters written as a query string for brevity, sent as the JSON body of the POST. */
async function list(query = ""): Promise<{ status: number; body: Page & { error?: string } }> {
  const body = Object.fromEntries(new URLSearchParams(query.replace(/^\?/, "")));
  const res = await t.app.request("/api/admin/bookings/search", {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Page };
}
async function all(query: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "?";
    const { body } = await list(`${query}${cursor ? `${sep}cursor=${cursor}` : ""}`);
    out.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

describe("bookings list", () => {
  it("is empty before any inquiry", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], nextCursor: null });
  });

  it("pages newest first through every row exactly once, ties broken by id", async () => {
    const base = Date.UTC(2026, 0, 10, 12);
    const rows = Array.from({ length: 57 }, (_, i) => ({
      name: `Lead ${String(i).padStart(2, "0")}`,
      // Groups of three share a timestamp (with microseconds), to exercise the keyset tie-break.
      createdAt: new Date(base + Math.floor(i / 3) * 60_000 + 0.5),
    }));
    await seedBookings(t, rows);
    const first = await list();
    expect(first.body.items).toHaveLength(25);
    expect(first.body.nextCursor).toBeTruthy();
    const everything = await all("");
    expect(everything).toHaveLength(57);
    expect(new Set(everything.map((r) => r.id)).size).toBe(57);
    const times = everything.map((r) => Date.parse(r.createdAt as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const smaller = await list("?limit=10");
    expect(smaller.body.items).toHaveLength(10);
  });

  it("returns every field with attribution and source form", async () => {
    await seedBookings(t, [
      {
        name: "Attributed Lead",
        workEmail: "attr@lawfirm.example",
        companyName: "Law & Co",
        jobTitle: "Partner",
        aiGoal: "Answer intake calls",
        totalCalls: null,
        sourceForm: "enterprise_inline",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "spring",
        referrer: "https://search.example/",
        pagePath: "/enterprise",
        createdAt: new Date(Date.UTC(2026, 5, 1, 9)),
      },
    ]);
    const item = (await list("?q=attributed")).body.items[0]!;
    expect(item).toMatchObject({
      name: "Attributed Lead",
      workEmail: "attr@lawfirm.example",
      companyName: "Law & Co",
      jobTitle: "Partner",
      aiGoal: "Answer intake calls",
      totalCalls: null,
      tcpaConsent: true,
      sourceForm: "enterprise_inline",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      referrer: "https://search.example/",
      pagePath: "/enterprise",
      consentTextVersion: "v1",
      createdAt: "2026-06-01T09:00:00.000Z",
    });
    expect(item).not.toHaveProperty("idempotencyKey");
  });

  it("searches name, email and company (case-insensitive, wildcards literal) and filters by source and date", async () => {
    await seedBookings(t, [
      { name: "Zelda Quill", workEmail: "zq@acme.example", companyName: "Acme", createdAt: new Date(Date.UTC(2026, 2, 3, 10)) },
      { name: "Yuri", workEmail: "yuri@quillworks.example", companyName: "Other", sourceForm: "enterprise_dialog", createdAt: new Date(Date.UTC(2026, 2, 4, 23, 59)) },
      { name: "Xena", workEmail: "x@x.example", companyName: "QUILL Partners 100%", createdAt: new Date(Date.UTC(2026, 2, 5, 0, 0)) },
    ]);
    const names = async (q: string) => (await all(q)).map((r) => r.name).sort();
    expect(await names("?q=quill")).toEqual(["Xena", "Yuri", "Zelda Quill"]);
    expect(await names("?q=100%25")).toEqual(["Xena"]);
    expect(await names("?q=%25")).toEqual(["Xena"]);
    expect(await names("?q=quill&source=enterprise_dialog")).toEqual(["Yuri"]);
    expect(await names("?q=quill&from=2026-03-04&to=2026-03-04")).toEqual(["Yuri"]);
    expect(await names("?q=quill&from=2026-03-05")).toEqual(["Xena"]);
    expect(await names("?q=quill&to=2026-03-03")).toEqual(["Zelda Quill"]);
    expect(await names("?q=&source=")).toHaveLength(61);
  });

  it("answers 400, never 500, to bad filters", async () => {
    for (const query of ["?source=fax", "?from=2026-13-45", "?from=yesterday", "?from=2026-03-05&to=2026-03-01", "?cursor=abc", "?limit=0", "?limit=1000", `?q=${"a".repeat(300)}`]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBeTruthy();
    }
    expect(await list("?cursor=abc")).toEqual({ status: 400, body: { error: "Invalid page cursor", fieldErrors: { cursor: "Invalid page cursor" } } });
  });

  // docs/decisions/0203: dates are real calendar days from 2000-01-01 to 2100-12-31.
  it("refuses dates outside 2000-01-01..2100-12-31 and days the calendar does not have, with the field's message", async () => {
    const outside = "Use a date between 2000-01-01 and 2100-12-31";
    const cases: [query: string, field: string, message: string][] = [
      ["?from=0000-01-01", "from", outside],
      ["?to=9999-12-31", "to", outside],
      ["?from=1999-12-31", "from", outside],
      ["?to=2101-01-01", "to", outside],
      ["?from=2026-02-30", "from", "Not a valid date"],
      ["?to=2025-02-29", "to", "Not a valid date"],
      ["?from=2026-04-31&to=2026-05-01", "from", "Not a valid date"],
    ];
    for (const [query, field, message] of cases) {
      expect(await list(query), query).toEqual({ status: 400, body: { error: message, fieldErrors: { [field]: message } } });
    }
    expect((await list("?from=2000-01-01&to=2100-12-31")).status).toBe(200);
    expect((await list("?from=2024-02-29&to=2024-02-29")).status).toBe(200);
  });

  it("refuses a cursor in our format that we could not have issued (an impossible timestamp) with the list's message", async () => {
    const forge = (text: string) => Buffer.from(text, "utf8").toString("base64url");
    const id = "ffffffff-ffff-ffff-ffff-ffffffffffff";
    for (const ts of ["0000-01-01T00:00:00.000000Z", "2026-01-01T24:00:00.000000Z", "2026-01-01T23:59:60.000000Z", "2026-02-30T00:00:00.000000Z", "2026-01-01T99:99:99.999999Z"]) {
      expect(await list(`?cursor=${forge(`${ts}|${id}`)}`), ts).toEqual({ status: 400, body: { error: "Invalid page cursor", fieldErrors: { cursor: "Invalid page cursor" } } });
    }
    // A possible instant is only a position in the list: the rows older than it.
    const older = await list(`?cursor=${forge(`2026-01-01T00:00:00.000000Z|${id}`)}`);
    expect(older.status).toBe(200);
    expect(older.body.items.every((item) => Date.parse(item.createdAt as string) <= Date.UTC(2026, 0, 1))).toBe(true);
  });

  it("refuses control characters in the search with a message (PostgreSQL refuses NUL in text)", async () => {
    const message = "Search must not contain control characters";
    for (const q of ["%00", "a%00b", "a%09b", "%1B%5B31m", "a%7Fb", "a%C2%85b"]) {
      expect(await list(`?q=${q}`), q).toEqual({ status: 400, body: { error: message, fieldErrors: { q: message } } });
    }
    // Leading and trailing white space is trimmed, as before; other unicode is searched as typed.
    expect((await list("?q=%09quill%0A")).status).toBe(200);
    expect((await list("?q=Zo%C3%AB%E2%80%AE")).status).toBe(200);
  });
});

describe("CSV export", () => {
  it("exports exactly the current filter, neutralises formulas, and writes the audit log", async () => {
    await seedBookings(t, [
      { name: "=HYPERLINK(\"http://evil\")", workEmail: "csv@evil.example", companyName: "+Evil, \"Inc\"", jobTitle: "@boss", sourceForm: "enterprise_dialog" },
      { name: "-minus", workEmail: "csv2@evil.example", companyName: "Fine", sourceForm: "enterprise_dialog" },
    ]);
    const res = await t.app.request("/api/admin/bookings/export", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ q: "evil.example", source: "enterprise_dialog" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^id,created_at,name,work_email,company_name,job_title,ai_goal,total_calls,tcpa_consent,source_form/);
    expect(lines).toHaveLength(3);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"'+Evil, ""Inc"""`);
    expect(text).toContain(`"'@boss"`);
    expect(text).toContain(`"'-minus"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);

    const auditRes = await t.app.request("/api/admin/audit-log", { headers: { Cookie: cookie } });
    const entries = ((await auditRes.json()) as { items: { action: string; actorEmail: string; details: unknown }[] }).items;
    expect(entries[0]).toMatchObject({ action: "bookings.export", actorEmail: adminEmail, details: { filters: { q: "evil.example", source: "enterprise_dialog" } } });
  });

  it("exports every row across batches when unfiltered", async () => {
    const res = await t.app.request("/api/admin/bookings/export", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      body: "{}",
    });
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(1 + 63);
  });

  it("rejects bad export filters with 400", async () => {
    const res = await t.app.request("/api/admin/bookings/export", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ source: "fax" }),
    });
    expect(res.status).toBe(400);
  });

  // A body that does not parse must not fall back to "no filters", which would export every row.
  it("refuses a malformed or non-JSON body: nothing exported, nothing audited", async () => {
    const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await audits();
    const filters = JSON.stringify({ q: "evil.example" });
    const cases: [headers: Record<string, string>, body: string, status: number, error: string][] = [
      [{ "Content-Type": "application/json" }, '{"q": "evil', 400, "Malformed JSON body"],
      [{ "Content-Type": "application/json" }, "", 400, "Malformed JSON body"],
      [{ "Content-Type": "text/plain" }, filters, 415, "Content-Type must be application/json"],
      [{ "Content-Type": "application/x-www-form-urlencoded" }, "q=evil.example", 415, "Content-Type must be application/json"],
      [{}, filters, 415, "Content-Type must be application/json"],
    ];
    for (const [headers, body, status, error] of cases) {
      const res = await t.app.request("/api/admin/bookings/export", { method: "POST", headers: { Cookie: cookie, Origin: origin, ...headers }, body });
      const label = `${JSON.stringify(headers)} ${body}`;
      expect(res.status, label).toBe(status);
      expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
      expect(await res.json(), label).toEqual({ error });
    }
    const notObject = await t.app.request("/api/admin/bookings/export", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      body: "[]",
    });
    expect(notObject.status).toBe(400);
    expect(await notObject.json()).toEqual({ error: "Request body must be a JSON object" });
    expect(await audits()).toBe(before);
  });

  it("refuses an export with an out-of-range or impossible date or a control character before any CSV is sent, and audits nothing", async () => {
    const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await audits();
    const cases: [body: Record<string, string>, error: string][] = [
      [{ from: "0000-01-01" }, "Use a date between 2000-01-01 and 2100-12-31"],
      [{ to: "9999-12-31" }, "Use a date between 2000-01-01 and 2100-12-31"],
      [{ from: "2026-02-30" }, "Not a valid date"],
      [{ q: "a\u0000b" }, "Search must not contain control characters"],
      // JSON can carry half a surrogate pair, which PostgreSQL refuses in the audit row's jsonb.
      [{ q: "a\ud800b" }, "Search must be valid Unicode text"],
    ];
    for (const [body, error] of cases) {
      const res = await t.app.request("/api/admin/bookings/export", {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const label = JSON.stringify(body);
      expect(res.status, label).toBe(400);
      expect(res.headers.get("content-disposition"), label).toBeNull();
      expect(await res.json(), label).toMatchObject({ error });
    }
    expect(await audits()).toBe(before);
  });

  // An export the database cannot start must not send 200 and a header line, then abort.
  it("answers a query that fails before any CSV is sent (500 in the admin envelope) and audits nothing", async () => {
    const audits = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const before = await audits();
    await t.database.db.execute(sql`alter table leads rename column job_title to job_title_away`);
    try {
      const res = await t.app.request("/api/admin/bookings/export", {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(500);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toEqual({ error: "Internal server error" });
    } finally {
      await t.database.db.execute(sql`alter table leads rename column job_title_away to job_title`);
    }
    expect(await audits()).toBe(before);
  });

  // After the tests that count every row: this one adds its own.
  it("carries each row's page and campaign in its own columns", async () => {
    await seedBookings(t, [{ name: "Campaign Buyer", workEmail: "cio@campaign.example", sourceForm: "enterprise_inline", utmSource: "linkedin", utmCampaign: "q3-enterprise", pagePath: "/enterprise" }]);
    const res = await t.app.request("/api/admin/bookings/export", {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ q: "campaign.example" }),
    });
    const [header, row] = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((name, i) => [name, row!.split(",")[i]]));
    expect(cells).toMatchObject({ name: "Campaign Buyer", source_form: "enterprise_inline", utm_source: "linkedin", utm_campaign: "q3-enterprise", page_path: "/enterprise" });
  });

  it("csvCell quotes separators and prefixes every formula trigger", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    for (const trigger of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${trigger}1`).startsWith(`"'${trigger}`) || csvCell(`${trigger}1`).startsWith(`'${trigger}`)).toBe(true);
  });
});
