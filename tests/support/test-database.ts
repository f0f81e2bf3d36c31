import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../server/db/client";

export type TestDatabase = Database & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL is
 * set (CI), a new PostgreSQL database on that server, dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const postgres = await createPostgresDatabase();
  if (!postgres) {
    const database = await openDatabase({ kind: "memory" });
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
