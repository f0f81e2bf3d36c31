import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { migratedDump, migrationsFolder } from "./pglite-templates";

export type TestDatabase = Database & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an empty in-memory PGlite, or, when DATABASE_URL is
 * set (CI), a new PostgreSQL database on that server, dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const postgres = await createPostgresDatabase();
  if (!postgres) return openMemoryDatabase();
  const database = await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 5 });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await postgres.drop();
    },
  };
}

/**
 * In-memory databases given back by tests, emptied and ready for the next test in this worker
 * (Vitest's fast project shares a worker's modules between files). Loading the migrated dump
 * costs 0.4-0.8 s of CPU; emptying one costs a few milliseconds. 83 databases per run made that
 * the largest single cost of the fast suite.
 */
const idle: PGlite[] = [];
let pristine: Promise<{ tables: string[]; fingerprint: string }> | null = null;

/**
 * Everything a test could change besides rows: tables, columns, defaults, indexes, constraints,
 * triggers, functions, sequences, temporary tables and the applied migrations. A database whose
 * fingerprint differs from a fresh one's after emptying is closed, not reused.
 */
const FINGERPRINT = `
  select md5(coalesce(string_agg(x, '|' order by x), '')) as fingerprint from (
    select concat_ws(':', table_schema, table_name, column_name, data_type, column_default, is_nullable) as x
      from information_schema.columns where table_schema in ('public', 'drizzle')
    union all select concat_ws(':', schemaname, indexname, indexdef) from pg_indexes where schemaname in ('public', 'drizzle')
    union all select concat_ws(':', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) from pg_constraint
      where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
    union all select concat_ws(':', tgrelid::regclass::text, tgname, tgenabled) from pg_trigger where not tgisinternal
    union all select concat_ws(':', proname, md5(prosrc)) from pg_proc where pronamespace = 'public'::regnamespace
    union all select concat_ws(':', c.relname, c.relkind, c.relpersistence) from pg_class c
      where c.relpersistence = 't' or c.relkind = 'S' or c.relkind = 'v' or c.relkind = 'm'
    union all select concat_ws(':', 'migration', id, hash) from drizzle.__drizzle_migrations
  ) parts`;

async function loadFromDump(): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await migratedDump())]) });
  // The migrator still runs (and finds nothing to apply), as it does when the server starts.
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  return client;
}

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** The tables of a fresh database and its fingerprint, read once per worker from a fresh copy. */
function pristineState(fresh: PGlite) {
  pristine ??= (async () => {
    const { rows } = await fresh.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
    );
    return { tables: rows.map((r) => r.name), fingerprint: await fingerprintOf(fresh) };
  })();
  return pristine;
}

/**
 * Empties `client` for the next test: session state discarded, every table truncated with its
 * sequences restarted. False (the caller closes it) when that fails, or when the test changed
 * anything the rows do not hold.
 */
async function emptyForReuse(client: PGlite): Promise<boolean> {
  try {
    const { tables, fingerprint } = await pristineState(client);
    // One statement per call: DISCARD ALL cannot run in the implicit transaction of a batch.
    await client.exec("rollback");
    await client.exec("discard all");
    await client.exec(`truncate ${tables.join(", ")} restart identity cascade`);
    return (await fingerprintOf(client)) === fingerprint;
  } catch {
    return false;
  }
}

/**
 * An in-memory PGlite like openDatabase({ kind: "memory" }) gives, migrated: a database another
 * test of this worker gave back (emptied), or one loaded from a migrated dump (see
 * pglite-templates.ts) instead of running initdb and every migration again (about 1 s instead of
 * 4-6 s). The test sees its database through a revocable proxy: once disposed, every use of it
 * fails as a closed database's would (so a timer a test left behind cannot write into the next
 * test's rows), and ping and close behave as in server/db/client.ts.
 */
async function openMemoryDatabase(): Promise<TestDatabase> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = idle.pop() ?? (await loadFromDump());
  await pristineState(client);
  const { proxy, revoke } = Proxy.revocable(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" && key !== "constructor" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db: Db = drizzle(proxy, { schema });
  let disposed: Promise<void> | null = null;
  const dispose = () =>
    (disposed ??= (async () => {
      revoke();
      if (client.closed) return;
      // Queries already running finish first: PGlite runs one at a time, in order.
      const reusable = await Promise.race([emptyForReuse(client), new Promise<false>((resolve) => setTimeout(resolve, 5_000, false).unref())]);
      if (reusable) idle.push(client);
      else void client.close().catch(() => undefined);
    })());
  return {
    kind: "pglite",
    db,
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: dispose,
    dispose,
  };
}

/** A connection string for a fresh PostgreSQL database (CI only), for tests that spawn servers. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return null;
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
