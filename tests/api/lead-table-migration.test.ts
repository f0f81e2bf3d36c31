import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import * as schema from "../../server/db/schema";
import { migratedDumpBefore, migrationsBefore, migrationsFolder } from "../support/pglite-templates";
import { createPostgresDatabase } from "../support/test-database";

/*
 * The migration that made `leads` the one lead table (docs/decisions/0101, "One lead table"): a
 * database as the previous release left it, with a lead of every kind and everything that hangs
 * off a lead, migrated; every row is still there and equal, and booking_inquiries and
 * contact_requests answer the rows and columns their tables held. On PostgreSQL when DATABASE_URL
 * is set, else on the embedded database.
 */

const MIGRATION = "_one_lead_table";

type Row = Record<string, unknown>;
type Target = { run: (text: string) => Promise<Row[]>; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

async function openTarget(): Promise<Target> {
  const postgres = await createPostgresDatabase();
  if (postgres) {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    const db = drizzle(pool, { schema });
    return {
      run: async (text) => (await pool.query<Row>(text)).rows,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await postgres.drop();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // The previous release's schema from a cached dump (pglite-templates.ts): the migrator then finds
  // nothing to apply until the migration under test.
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await migratedDumpBefore(MIGRATION))]) });
  const db = drizzle(client, { schema });
  return {
    run: async (text) => (await client.query<Row>(text)).rows,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

const STAFF = "00000000-0000-4000-8000-00000000a001";
const BOOKING = "00000000-0000-4000-8000-0000000000b1";
const ENTERPRISE = "00000000-0000-4000-8000-0000000000b2";
const INLINE = "00000000-0000-4000-8000-0000000000b3";
const CONTACT = "00000000-0000-4000-8000-0000000000c1";
const OLD_CONTACT = "00000000-0000-4000-8000-0000000000c2";
/** A booking form whose desk row is missing (none is known; the migration must still keep it). */
const DESKLESS = "00000000-0000-4000-8000-0000000000b9";

/** The previous release's rows, as its pipeline, desk, outbox worker, HubSpot hand-off and erasure left them. */
const SEED = [
  `insert into auth_users (id, name, email, email_verified, created_at, updated_at)
     values ('${STAFF}', 'Sam Staff', 'sam@agentdesk.example', true, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,

  // A booking dialog's lead: every field and evidence column, owned, a meeting booked, in HubSpot (created there).
  `insert into booking_inquiries (id, created_at, name, work_email, company_name, job_title, ai_goal, total_calls, tcpa_consent, source_form,
       consent_text_version, page_path, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, client_ip, user_agent, idempotency_key, bot_check)
     values ('${BOOKING}', '2026-02-01T10:00:00.123456Z', 'Ada Booker', 'Ada@Example.com', 'Booker Ltd', 'Head of CX', null, 4000, true, 'booking_dialog',
       'v3', '/pricing', 'https://search.example/?q=ai', 'newsletter', 'email', 'spring', 'voice ai', 'hero', '198.51.100.7', 'Mozilla/5.0 (X11)', 'key-booking-1', 'passed')`,
  `insert into leads (id, kind, source, created_at, name, email, company, status, owner_user_id, version, reference_hash, first_response_at,
       meeting_booked_at, meeting_starts_at, meeting_invitee_uri, status_before_meeting, fit_tier, email_kind, hubspot_contact_id, hubspot_deal_id,
       hubspot_contact_created, updated_at)
     values ('${BOOKING}', 'booking_inquiry', 'booking_dialog', '2026-02-01T10:00:00.123456Z', 'Ada Booker', 'Ada@Example.com', 'Booker Ltd',
       'meeting_booked', '${STAFF}', 4, 'hash-booking-1', '2026-02-01T10:05:00Z', '2026-02-01T10:06:00Z', '2026-02-03T15:00:00Z',
       'https://calendly.example/invitees/1', 'contacted', 'mid', 'business', 'hs-contact-1', 'hs-deal-1', true, '2026-02-01T10:06:00Z')`,

  // An enterprise dialog's: an AI goal instead of calls, sent without JavaScript, HubSpot's contact found, not made.
  `insert into booking_inquiries (id, created_at, name, work_email, company_name, job_title, ai_goal, total_calls, tcpa_consent, source_form,
       consent_text_version, client_ip, user_agent, idempotency_key, bot_check)
     values ('${ENTERPRISE}', '2026-02-02T11:00:00Z', 'Eve Enterprise', 'eve@bigco.example', 'BigCo', 'VP Support', E'Answer every call\\nday and night',
       null, false, 'enterprise_dialog', 'v2', '203.0.113.9', 'curl/8', 'shared-key', 'no_script')`,
  `insert into leads (id, kind, source, created_at, name, email, company, status, version, reference_hash, fit_tier, email_kind,
       hubspot_contact_id, hubspot_contact_created, updated_at)
     values ('${ENTERPRISE}', 'booking_inquiry', 'enterprise_dialog', '2026-02-02T11:00:00Z', 'Eve Enterprise', 'eve@bigco.example', 'BigCo',
       'won', 3, 'hash-enterprise-1', 'enterprise', 'business', 'hs-contact-2', false, '2026-02-05T09:00:00Z')`,

  // An inline enterprise form's, stored before the bot check's outcome was recorded and before fit.
  `insert into booking_inquiries (id, created_at, name, work_email, company_name, job_title, tcpa_consent, source_form, consent_text_version, idempotency_key)
     values ('${INLINE}', '2025-12-24T08:00:00Z', 'Ian Inline', 'ian@inline.example', 'Inline Inc', 'Owner', true, 'enterprise_inline', 'v1', 'key-inline-1')`,
  `insert into leads (id, kind, source, created_at, name, email, company, updated_at)
     values ('${INLINE}', 'booking_inquiry', 'enterprise_inline', '2025-12-24T08:00:00Z', 'Ian Inline', 'ian@inline.example', 'Inline Inc', '2025-12-24T08:00:00Z')`,

  // The contact form's: every field, contacted, and under the same key as the enterprise lead (each table had its own keys).
  `insert into contact_requests (id, created_at, name, company, role, email, phone, industry, company_size, notes, page_path, referrer,
       utm_source, utm_medium, utm_campaign, utm_term, utm_content, client_ip, user_agent, idempotency_key, bot_check)
     values ('${CONTACT}', '2026-02-03T12:00:00Z', 'Cy Contact', 'Trades Co', 'Office manager', 'cy@trades.example', '+1 555 0100', 'trades',
       '11-50', E'We miss calls after 5pm.\\r\\nCall me.', '/contact', null, 'ads', 'cpc', 'winter', null, null, '192.0.2.1', 'Safari', 'shared-key', 'off')`,
  `insert into leads (id, kind, source, created_at, name, email, company, status, owner_user_id, version, first_response_at, fit_tier, email_kind, updated_at)
     values ('${CONTACT}', 'contact_request', 'contact_form', '2026-02-03T12:00:00Z', 'Cy Contact', 'cy@trades.example', 'Trades Co',
       'contacted', '${STAFF}', 2, '2026-02-03T12:30:00Z', 'unknown', 'business', '2026-02-03T12:30:00Z')`,

  // The contact form's with only its required fields.
  `insert into contact_requests (id, created_at, name, company, email, industry, idempotency_key)
     values ('${OLD_CONTACT}', '2025-11-30T23:59:59.999999Z', 'Old Contact', 'Old Trades', 'old@gmail.example', 'law', 'key-contact-2')`,
  `insert into leads (id, kind, source, created_at, name, email, company, status, fit_tier, email_kind, updated_at)
     values ('${OLD_CONTACT}', 'contact_request', 'contact_form', '2025-11-30T23:59:59.999999Z', 'Old Contact', 'old@gmail.example', 'Old Trades',
       'lost', 'unknown', 'free', '2025-12-01T00:00:00Z')`,

  `insert into booking_inquiries (id, created_at, name, work_email, company_name, job_title, total_calls, tcpa_consent, source_form, consent_text_version, idempotency_key, bot_check)
     values ('${DESKLESS}', '2025-10-01T00:00:00Z', 'Dee Deskless', 'dee@deskless.example', 'Deskless LLC', 'COO', 1, true, 'booking_dialog', 'v1', 'key-deskless', 'passed')`,

  // Timelines: created, owner, a staff note, a status change, a scheduler's booking (deduplicated).
  `insert into lead_events (lead_id, at, type, actor_user_id, actor_email, data, dedupe_key) values
     ('${BOOKING}', '2026-02-01T10:00:00.123456Z', 'created', null, null, '{"source":"booking_dialog"}', null),
     ('${BOOKING}', '2026-02-01T10:00:00.123457Z', 'owner_changed', null, null, '{"from":null,"to":{"id":"${STAFF}","email":"sam@agentdesk.example"},"reason":"rotation","rotation":"general"}', null),
     ('${BOOKING}', '2026-02-01T10:05:00Z', 'note_added', '${STAFF}', 'sam@agentdesk.example', '{"text":"Called, wants a demo on Tuesday."}', null),
     ('${BOOKING}', '2026-02-01T10:06:00Z', 'meeting_booked', null, null, '{"startsAt":"2026-02-03T15:00:00.000Z","confirmed":true}', 'calendly:invitee.created:1'),
     ('${ENTERPRISE}', '2026-02-02T11:00:00Z', 'created', null, null, '{"source":"enterprise_dialog"}', null),
     ('${ENTERPRISE}', '2026-02-05T09:00:00Z', 'status_changed', '${STAFF}', 'sam@agentdesk.example', '{"from":"new","to":"won"}', null),
     ('${INLINE}', '2025-12-24T08:00:00Z', 'created', null, null, '{"source":"enterprise_inline"}', null),
     ('${CONTACT}', '2026-02-03T12:00:00Z', 'created', null, null, '{"source":"contact_form"}', null),
     ('${CONTACT}', '2026-02-03T12:30:00Z', 'note_added', '${STAFF}', 'sam@agentdesk.example', '{"text":"Left a voicemail."}', null),
     ('${OLD_CONTACT}', '2025-11-30T23:59:59.999999Z', 'created', null, null, '{"source":"contact_form"}', null)`,

  // The outbox: delivered (payload cleared), skipped, pending with its payload, dead after its attempts.
  `insert into lead_outbox (id, created_at, lead_kind, lead_id, channel, topic, topic_ref, skipped_at, payload, attempts, next_attempt_at,
       locked_until, claim_token, last_error, delivered_at, dead_at) values
     ('00000000-0000-4000-8000-00000000f001', '2026-02-01T10:00:00Z', 'booking_inquiry', '${BOOKING}', 'email', 'lead_stored', '', null, null, 1,
       '2026-02-01T10:00:00Z', null, null, null, '2026-02-01T10:00:02Z', null),
     ('00000000-0000-4000-8000-00000000f002', '2026-02-01T10:00:00Z', 'booking_inquiry', '${BOOKING}', 'hubspot', 'lead_stored', '', null, null, 2,
       '2026-02-01T10:01:00Z', null, null, 'HubSpot answered 502', '2026-02-01T10:01:01Z', null),
     ('00000000-0000-4000-8000-00000000f003', '2026-02-01T10:00:00Z', 'booking_inquiry', '${BOOKING}', 'email', 'follow_up', '', '2026-02-01T11:00:00Z', null, 0,
       '2026-02-01T11:00:00Z', null, null, null, '2026-02-01T11:00:00Z', null),
     ('00000000-0000-4000-8000-00000000f004', '2026-02-02T11:00:00Z', 'booking_inquiry', '${ENTERPRISE}', 'webhook', 'lead_stored', '', null,
       '{"kind":"booking_inquiry","lead":{"id":"${ENTERPRISE}","name":"Eve Enterprise","workEmail":"eve@bigco.example"}}', 8,
       '2026-02-02T12:00:00Z', null, null, 'connect ECONNREFUSED', null, '2026-02-02T12:00:00Z'),
     ('00000000-0000-4000-8000-00000000f005', '2026-02-03T12:00:00Z', 'contact_request', '${CONTACT}', 'webhook', 'lead_stored', '', null,
       '{"kind":"contact_request","lead":{"id":"${CONTACT}","name":"Cy Contact","email":"cy@trades.example"}}', 1,
       '2026-02-03T12:05:00Z', '2026-02-03T12:01:00Z', '00000000-0000-4000-8000-00000000cafe', 'timeout', null, null),
     ('00000000-0000-4000-8000-00000000f006', '2026-02-03T12:00:00Z', 'contact_request', '${CONTACT}', 'hubspot', 'lead_status', 'contacted', null,
       '{"status":"contacted"}', 0, '2026-02-03T12:30:00Z', null, null, null, null, null)`,

  // An erased person: no lead left, the audit log's entries about them with the address replaced.
  `insert into audit_log (id, created_at, actor_user_id, actor_email, action, target, details) values
     ('00000000-0000-4000-8000-00000000e001', '2026-01-20T10:00:00Z', '${STAFF}', 'sam@agentdesk.example', 'lead.note', '00000000-0000-4000-8000-0000000000d1', '{"length":12}'),
     ('00000000-0000-4000-8000-00000000e002', '2026-01-21T10:00:00Z', '${STAFF}', 'sam@agentdesk.example', 'privacy.erase', '[erased]',
       '{"email":"[erased]","erased":{"leads":1,"submissions":1,"timelineEntries":3,"notifications":2,"rateLimitRows":0,"auditEntries":1}}'),
     ('00000000-0000-4000-8000-00000000e003', '2026-02-05T09:00:00Z', '${STAFF}', 'sam@agentdesk.example', 'lead.status', '${ENTERPRISE}', '{"from":"new","to":"won"}')`,
  `insert into lead_rotations (name, turn) values ('general', 7), ('enterprise', 2)`,
];

/** Every row that does not move, in a stable order: the migration must leave each as it was. */
const UNMOVED = {
  auth_users: "select * from auth_users order by id",
  lead_events: "select * from lead_events order by seq",
  lead_outbox: "select * from lead_outbox order by id",
  audit_log: "select * from audit_log order by id",
  lead_rotations: "select * from lead_rotations order by name",
};

const columnsOf = (target: Target, relation: string) =>
  target.run(`select column_name, data_type, udt_name from information_schema.columns
    where table_schema = 'public' and table_name = '${relation}' order by ordinal_position`);

type Snapshot = {
  bookings: Row[];
  contacts: Row[];
  leads: Row[];
  bookingColumns: Row[];
  contactColumns: Row[];
  unmoved: Record<string, Row[]>;
  counts: Row[];
};

const COUNTS = `select (select count(*)::int from booking_inquiries) as bookings, (select count(*)::int from contact_requests) as contacts,
  (select count(*)::int from booking_inquiries where source_form = 'enterprise_dialog') as enterprise,
  (select count(*)::int from contact_requests where industry = 'trades') as trades`;

async function snapshot(target: Target, leadColumns: string[]): Promise<Snapshot> {
  const unmoved: Record<string, Row[]> = {};
  for (const [table, query] of Object.entries(UNMOVED)) unmoved[table] = await target.run(query);
  return {
    bookings: await target.run("select * from booking_inquiries order by id"),
    contacts: await target.run("select * from contact_requests order by id"),
    leads: await target.run(`select ${leadColumns.map((c) => `"${c}"`).join(", ")} from leads order by id`),
    bookingColumns: await columnsOf(target, "booking_inquiries"),
    contactColumns: await columnsOf(target, "contact_requests"),
    unmoved,
    counts: await target.run(COUNTS),
  };
}

let target: Target;
let dir: string;
let before: Snapshot;
let after: Snapshot;
let beforeDeskless: Row[];

// On PostgreSQL, two migration runs from an empty database: 20-40 s on a busy 2-core machine.
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lead-table-migration-"));
  target = await openTarget();
  await target.migrate(migrationsBefore(MIGRATION, dir));
  for (const statement of SEED) await target.run(statement);
  const leadColumns = (await columnsOf(target, "leads")).map((c) => String(c.column_name));
  before = await snapshot(target, leadColumns);
  beforeDeskless = await target.run(`select id from leads where id = '${DESKLESS}'`);
  await target.migrate(migrationsFolder);
  after = await snapshot(target, leadColumns);
}, 180_000);

afterAll(async () => {
  await target?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the migration to one lead table", () => {
  it("was given every kind of lead to carry: booking, enterprise (dialog and inline) and contact", () => {
    expect(before.bookings.map((r) => r.source_form)).toEqual(["booking_dialog", "enterprise_dialog", "enterprise_inline", "booking_dialog"]);
    expect(before.contacts).toHaveLength(2);
    expect(beforeDeskless).toEqual([]);
  });

  it("turns booking_inquiries and contact_requests into views over leads", async () => {
    const kinds = await target.run(
      `select table_name, table_type from information_schema.tables where table_schema = 'public'
        and table_name in ('booking_inquiries', 'contact_requests', 'leads') order by table_name`,
    );
    expect(kinds).toEqual([
      { table_name: "booking_inquiries", table_type: "VIEW" },
      { table_name: "contact_requests", table_type: "VIEW" },
      { table_name: "leads", table_type: "BASE TABLE" },
    ]);
  });

  it("booking_inquiries answers the same rows, values and columns (in order, same types) as its table did", () => {
    expect(after.bookingColumns).toEqual(before.bookingColumns);
    expect(after.bookings).toEqual(before.bookings);
  });

  it("contact_requests answers the same rows, values and columns (in order, same types) as its table did", () => {
    expect(after.contactColumns).toEqual(before.contactColumns);
    expect(after.contacts).toEqual(before.contacts);
  });

  it("answers the same counts, filtered or not", () => {
    expect(after.counts).toEqual(before.counts);
    expect(after.counts).toEqual([{ bookings: 4, contacts: 2, enterprise: 1, trades: 1 }]);
  });

  it("keeps every lead's desk columns (status, owner, meeting, fit, HubSpot records) as they were", () => {
    expect(after.leads.filter((r) => r.id !== DESKLESS)).toEqual(before.leads);
  });

  it("gives a form without its desk row a lead, New, as the desk's own migration did", () => {
    const lead = after.leads.find((r) => r.id === DESKLESS);
    expect(lead).toMatchObject({ kind: "booking_inquiry", source: "booking_dialog", status: "new", name: "Dee Deskless", email: "dee@deskless.example", company: "Deskless LLC" });
  });

  it("leaves the timeline (notes included), the outbox, the audit log (the erased person's too), staff and rotations untouched", () => {
    expect(after.unmoved).toEqual(before.unmoved);
    expect(after.unmoved.lead_events).toHaveLength(10);
    expect(after.unmoved.lead_outbox).toHaveLength(6);
    expect(after.unmoved.audit_log.filter((r) => r.target === "[erased]")).toHaveLength(1);
  });

  it("holds each form's fields on its lead, so the desk and the outbox read them from leads alone", async () => {
    const rows = await target.run(
      `select id, kind, job_title, ai_goal, total_calls, tcpa_consent, consent_text_version, role, phone, industry, company_size, notes,
              page_path, utm_source, client_ip, idempotency_key, bot_check
         from leads where id in ('${ENTERPRISE}', '${CONTACT}') order by id`,
    );
    expect(rows).toEqual([
      {
        id: ENTERPRISE, kind: "booking_inquiry", job_title: "VP Support", ai_goal: "Answer every call\nday and night", total_calls: null,
        tcpa_consent: false, consent_text_version: "v2", role: null, phone: null, industry: null, company_size: null, notes: null,
        page_path: null, utm_source: null, client_ip: "203.0.113.9", idempotency_key: "shared-key", bot_check: "no_script",
      },
      {
        id: CONTACT, kind: "contact_request", job_title: null, ai_goal: null, total_calls: null, tcpa_consent: null, consent_text_version: null,
        role: "Office manager", phone: "+1 555 0100", industry: "trades", company_size: "11-50", notes: "We miss calls after 5pm.\r\nCall me.",
        page_path: "/contact", utm_source: "ads", client_ip: "192.0.2.1", idempotency_key: "shared-key", bot_check: "off",
      },
    ]);
  });

  it("gives the outbox a lead's calls and bot check from leads alone, without the form tables", async () => {
    const claim = await target.run(`select l.total_calls, l.bot_check from lead_outbox o join leads l on l.id = o.lead_id
      where o.id = '00000000-0000-4000-8000-00000000f004'`);
    expect(claim).toEqual([{ total_calls: null, bot_check: "no_script" }]);
  });
});
