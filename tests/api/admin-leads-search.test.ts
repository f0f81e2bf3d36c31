import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedBookings } from "../support/admin-fixtures";
import { leadPageQuery } from "../../server/admin/lead-desk-service";
import type { Db } from "../../server/db/client";

/*
 * The inbox's search over name, e-mail and company (docs/decisions/0701). Migration 0004 adds
 * trigram GIN indexes where PostgreSQL has pg_trgm and passes quietly where it has not (the
 * embedded database). Whichever plan the database picks, a scan or the indexes, the search finds
 * the same leads, with %, _ and \ matched as characters.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const names = ["Ana 100% Sure", "Ana 100 Sure", "Bo_b Smith", "Bob Smith", "C\\D Partners", "CD Partners", "Dee Zed"];
  await seedBookings(
    t,
    names.map((name, i) => ({ name, workEmail: `${name.toLowerCase().replace(/[^a-z]/g, "")}${i}@mail.example`, companyName: `${name} Ltd`, createdAt: new Date(Date.UTC(2026, 0, 1, i)) })),
  );
  // Filler, so that an index is worth choosing when the planner may.
  await seedBookings(
    t,
    Array.from({ length: 400 }, (_, i) => ({ name: `Filler ${i}`, workEmail: `filler${i}@other.example`, companyName: `Other ${i % 7}`, createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000) })),
  );
  await t.database.db.execute(sql`analyze leads`);
});
afterAll(async () => t?.close());

const settings = { firstContactMinutes: 15 };
const names = async (db: Db, q: string) => (await leadPageQuery(db, { q }, null, 100, settings)).map((row) => row.name).sort();

const searches: [q: string, expected: string[]][] = [
  ["100%", ["Ana 100% Sure"]],
  ["ana 100", ["Ana 100 Sure", "Ana 100% Sure"]],
  ["o_b", ["Bo_b Smith"]],
  // As a wildcard, _ would find "Bob Smith".
  ["B_b", []],
  ["c\\d", ["C\\D Partners"]],
  ["MAIL.EXAMPLE", ["Ana 100 Sure", "Ana 100% Sure", "Bo_b Smith", "Bob Smith", "C\\D Partners", "CD Partners", "Dee Zed"]],
  ["zed ltd", ["Dee Zed"]],
  ["dz", []],
  ["%", ["Ana 100% Sure"]],
  ["_", ["Bo_b Smith"]],
  ["\\", ["C\\D Partners"]],
];

describe("search over name, e-mail and company", () => {
  it("migration 0004: trigram indexes on PostgreSQL, none (and no failure) on the embedded database", async () => {
    const result = await t.database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'leads' and indexname like '%_trgm_idx' order by indexname`,
    );
    const expected = t.database.kind === "postgres" ? ["leads_company_trgm_idx", "leads_email_trgm_idx", "leads_name_trgm_idx"] : [];
    expect(result.rows.map((r) => r.indexname)).toEqual(expected);
  });

  it("finds the same leads as the planner likes it, %, _ and \\ as characters", async () => {
    for (const [q, expected] of searches) expect(await names(t.database.db, q), q).toEqual(expected.sort());
  });

  it("finds the same leads through the trigram indexes (PostgreSQL, scans turned off)", async () => {
    if (t.database.kind !== "postgres") return;
    const rollback = new Error("rollback");
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const probe = leadPageQuery(tx, { q: `${crypto.randomUUID().slice(0, 4)}-probe` }, null, 26, settings).toSQL();
        const plan = await tx.execute<Record<string, string>>(sql.raw(`explain ${interpolate(probe.sql, probe.params)}`));
        expect(plan.rows.map((r) => Object.values(r)[0]).join("\n")).toMatch(/Bitmap Index Scan on leads_(name|email|company)_trgm_idx/);
        for (const [q, expected] of searches) expect(await names(tx, q), q).toEqual(expected.sort());
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  });
});

/** The query's text with its parameters written in, for EXPLAIN (test data only: quotes doubled). */
function interpolate(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
