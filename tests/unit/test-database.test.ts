import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitBuckets } from "../../server/db/schema";
import { openTestDatabase } from "../support/test-database";

/**
 * The API tests' databases are handed from test to test within a worker (tests/support/
 * test-database.ts). What one test left must never reach the next: its rows, its schema changes,
 * its session settings, or its own later queries.
 */
describe("the test database a test is given", () => {
  const bucket = { key: "left-behind", windowStart: new Date(), count: 1 };

  it("holds none of the rows a previous test wrote", async () => {
    const first = await openTestDatabase();
    await first.db.insert(rateLimitBuckets).values(bucket);
    await first.dispose();
    const next = await openTestDatabase();
    try {
      expect(await next.db.select().from(rateLimitBuckets)).toEqual([]);
    } finally {
      await next.dispose();
    }
  });

  it("has none of a previous test's schema changes", async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`create table left_behind (x int)`);
    await first.db.execute(sql`alter table rate_limit_buckets add column extra int`);
    await first.dispose();
    const next = await openTestDatabase();
    try {
      const tables = await next.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where tablename = 'left_behind'`);
      expect(tables.rows).toEqual([]);
      const columns = await next.db.execute<{ name: string }>(
        sql`select column_name as name from information_schema.columns where table_name = 'rate_limit_buckets' and column_name = 'extra'`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await next.dispose();
    }
  });

  it("has none of a previous test's session settings", async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`set timezone = 'Pacific/Chatham'`);
    await first.dispose();
    const next = await openTestDatabase();
    try {
      const zone = await next.db.execute<{ TimeZone: string }>(sql`show timezone`);
      expect(Object.values(zone.rows[0]!)).not.toContain("Pacific/Chatham");
    } finally {
      await next.dispose();
    }
  });

  it("is closed to the test that disposed of it, as a closed database is", async () => {
    const first = await openTestDatabase();
    await first.dispose();
    expect(await first.ping()).toBe(false);
    await expect(first.db.insert(rateLimitBuckets).values(bucket)).rejects.toThrow();
    const next = await openTestDatabase();
    try {
      expect(await next.db.select().from(rateLimitBuckets)).toEqual([]);
    } finally {
      await next.dispose();
    }
  });
});
