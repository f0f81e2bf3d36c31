import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { createPostgresDatabase } from "../support/test-database";
import { runAdminCreate } from "../support/admin-cli";

/**
 * Reassignment when nobody acts (docs/decisions/0711) has the follow-up's guarantees: its timer is
 * a row of the outbox written with the lead, so the move happens although the server that took
 * the lead is gone before the target, and happens once across instances. Two instances on one
 * PostgreSQL; the one that took the lead is killed before the target; the lead moves to the other
 * staff member exactly once (LEADS_REASSIGN_MAX 1); the killed instance, started again, moves
 * nothing more. Runs when DATABASE_URL is set (CI), as tests/process/follow-up-restart.test.ts.
 */
const SITE = "http://localhost:3999";
const SECRET = crypto.randomBytes(32).toString("base64");
// 0.05 minutes: the target passes 3 s after the lead, long enough to kill its server before.
const TARGET_MINUTES = "0.05";

describe.skipIf(!process.env.DATABASE_URL)("reassignment of a lead nobody contacts, across a restart", () => {
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  const servers: SpawnedServer[] = [];
  const staff = ["first-a@example.com", "first-b@example.com"];

  const start = async () => {
    const server = await spawnServer({
      env: {
        DATABASE_URL: database.url,
        PUBLIC_URL: SITE,
        BETTER_AUTH_SECRET: SECRET,
        LEADS_FIRST_CONTACT_MINUTES: TARGET_MINUTES,
        LEADS_REASSIGN_MAX: "1",
        LEADS_OUTBOX_POLL_MS: "50",
      },
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    database = (await createPostgresDatabase())!;
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The first server migrates the database; the staff are made beside it.
    await start();
    for (const email of staff) {
      const created = await runAdminCreate(["--email", email], { DATABASE_URL: database.url, ADMIN_PASSWORD: "correct-horse-battery" });
      expect(created.code, created.output).toBe(0);
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await pool?.end();
    await database?.drop();
  });

  const ownerOf = async (id: string) =>
    (await pool.query<{ email: string | null }>(`select u.email from leads l left join auth_users u on u.id = l.owner_user_id where l.id = $1`, [id])).rows[0]?.email ?? null;
  const moves = async (id: string) =>
    (await pool.query<{ data: { from: { email: string }; to: { email: string } } }>(
      `select data from lead_events where lead_id = $1 and type = 'owner_changed' and data->>'reason' = 'first_contact_missed' order by at, seq`,
      [id],
    )).rows.map((r) => [r.data.from.email, r.data.to.email]);

  it("moves the lead once, although the server that took it died before the target", async () => {
    const [first] = servers;
    const second = await start();
    const email = `restart-${crypto.randomUUID().slice(0, 6)}@insurer-example.com`;
    const res = await fetch(`${first!.url}/api/submit-booking`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ name: "Restart Rory", job_title: "Owner", work_email: email, company_name: "Restart LLC", total_calls: 400, tcpa_consent: true, recaptchaToken: null }),
    });
    expect(res.status, await res.text()).toBe(200);
    await first!.kill();
    const { rows } = await pool.query<{ id: string; created_at: Date }>(`select id, created_at from leads where email = $1`, [email]);
    const id = rows[0]!.id;
    const owner = await ownerOf(id);
    expect(staff).toContain(owner);
    expect(await moves(id), "not due yet when its server died").toEqual([]);

    const deadline = Date.now() + 30_000;
    while ((await moves(id)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const other = staff.find((s) => s !== owner)!;
    expect(await moves(id)).toEqual([[owner, other]]);
    expect(await ownerOf(id)).toBe(other);
    expect(Date.now() - rows[0]!.created_at.getTime()).toBeGreaterThanOrEqual(3000);

    // The killed instance comes back; two more targets pass: nothing moves again on either.
    await start();
    await new Promise((r) => setTimeout(r, 6_500));
    expect(await moves(id)).toEqual([[owner, other]]);
    expect(await ownerOf(id)).toBe(other);
    const checks = await pool.query<{ topic_ref: string; done: boolean }>(
      `select topic_ref, delivered_at is not null as done from lead_outbox where lead_id = $1 and channel = 'lead_desk'`,
      [id],
    );
    expect(checks.rows).toEqual([{ topic_ref: "1", done: true }]);
    void second;
  }, 120_000);
});
