import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate } from "../support/admin-cli";

/**
 * The rotation's fairness across instances (docs/decisions/0711): two server processes on one
 * PostgreSQL, four staff made by `admin:create`, one of them switched out, and 60 submissions sent
 * at once, alternating between the instances. Every lead is owned, the three in rotation get
 * 20 each (the design promises a difference of at most one; with a fixed rotation it is exact),
 * and the one switched out gets none. Runs when DATABASE_URL is set (CI).
 */
const SITE = "http://localhost:3999";
const SECRET = crypto.randomBytes(32).toString("base64");
const LEADS = 60;

describe.skipIf(!process.env.DATABASE_URL)("the lead rotation on one PostgreSQL behind two instances", () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let a: SpawnedServer;
  let b: SpawnedServer;
  const staff = ["rota-1@example.com", "rota-2@example.com", "rota-3@example.com", "rota-off@example.com"];

  beforeAll(async () => {
    database = (await createPostgresDatabase())!;
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const env = { DATABASE_URL: database.url, PUBLIC_URL: SITE, BETTER_AUTH_SECRET: SECRET, TRUST_PROXY_HEADER: "x-forwarded-for", LEADS_RATE_LIMIT_MAX: "1000" };
    [a, b] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
    for (const email of staff) {
      const created = await runAdminCreate(["--email", email], { DATABASE_URL: database.url, ADMIN_PASSWORD: "correct-horse-battery" });
      expect(created.code, created.output).toBe(0);
    }
    // "Taking leads" off, as the switch on the inbox stores it (tests/api/admin-leads-routing.test.ts).
    await pool.query(`insert into lead_desk_staff (user_id, taking_leads) select id, false from auth_users where email = $1`, [staff[3]]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pool?.end();
    await database?.drop();
  });

  const submit = (server: SpawnedServer, i: number) =>
    fetch(`${server.url}/api/submit-booking`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}`, origin: SITE },
      body: JSON.stringify({
        name: `Rotation ${i}`,
        job_title: "Owner",
        work_email: `rotation-${i}-${crypto.randomUUID().slice(0, 6)}@plumbing-example.com`,
        company_name: "Concurrent Plumbing",
        total_calls: 400,
        tcpa_consent: true,
        recaptchaToken: null,
      }),
    });

  it("owns every lead, 20 each among the three in rotation, none for the one switched out", async () => {
    const answers = await Promise.all(Array.from({ length: LEADS }, (_, i) => submit(i % 2 === 0 ? a : b, i)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: LEADS }, () => 200));

    const { rows } = await pool.query<{ email: string | null; n: number }>(
      `select u.email, count(*)::int as n from leads l left join auth_users u on u.id = l.owner_user_id group by u.email order by u.email`,
    );
    const counts = Object.fromEntries(rows.map((r) => [r.email ?? "unassigned", r.n]));
    expect(counts.unassigned, JSON.stringify(counts)).toBeUndefined();
    expect(counts[staff[3]!], JSON.stringify(counts)).toBeUndefined();
    const inRotation = staff.slice(0, 3).map((email) => counts[email] ?? 0);
    expect(Math.max(...inRotation) - Math.min(...inRotation), JSON.stringify(counts)).toBeLessThanOrEqual(1);
    expect(inRotation, JSON.stringify(counts)).toEqual([20, 20, 20]);
    const { rows: turns } = await pool.query<{ turn: string }>(`select turn from lead_rotations where name = 'general'`);
    expect(Number(turns[0]!.turn)).toBe(LEADS);
  });

  it("a lead that arrives while its only possible owner is being deactivated is not given to them", async () => {
    // Only rota-1 takes leads now.
    await pool.query(`insert into lead_desk_staff (user_id, taking_leads) select id, false from auth_users where email = any($1)
      on conflict (user_id) do update set taking_leads = false`, [staff.slice(1)]);
    const deactivation = await pool.connect();
    try {
      // A deactivation's first statement (server/admin/staff-access-service.ts): the account FOR UPDATE.
      await deactivation.query("begin");
      await deactivation.query("select id from auth_users where email = $1 for update", [staff[0]]);
      const answer = submit(a, 200);
      // The lead waits for the deactivation rather than reading rota-1 as still active.
      const early = await Promise.race([answer.then(() => "answered"), new Promise((r) => setTimeout(() => r("waiting"), 1500))]);
      expect(early).toBe("waiting");
      await deactivation.query("update auth_users set deactivated_at = now() where email = $1", [staff[0]]);
      await deactivation.query("commit");
      expect((await answer).status).toBe(200);
    } finally {
      deactivation.release();
    }
    const { rows } = await pool.query(
      `select u.email as owner from leads l left join auth_users u on u.id = l.owner_user_id where l.name = 'Rotation 200'`,
    );
    // Nobody else may take it: Unassigned, and its first-contact check routes it later.
    expect(rows).toEqual([{ owner: null }]);
  });
});
