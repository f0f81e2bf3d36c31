import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { migratedDump, migrationsFolder } from "./pglite-templates";

export type TestDatabase = Database & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL is
 * set (CI), a new PostgreSQL database on that server, dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const postgres = await createPostgresDatabase();
  if (!postgres) {
    const database = await openMemoryDatabase();
    return { ...database, dispose: database.close };
  }
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
 * An in-memory PGlite like openDatabase({ kind: "memory" }) gives, but loaded from a migrated
 * dump (see pglite-templates.ts) instead of running initdb and every migration again: about 1 s
 * instead of 4-6 s per database. The migrator still runs (and finds nothing to apply), and ping
 * and close behave as in server/db/client.ts.
 */
async function openMemoryDatabase(): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await migratedDump())]) });
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const db: Db = drizzle(client, { schema });
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
    close: async () => {
      if (!client.closed) await client.close();
    },
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
