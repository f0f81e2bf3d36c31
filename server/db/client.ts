import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { lockDataDir, type DataDirLock } from "./data-dir-lock";

export type Schema = typeof schema;

/** What both drivers (node-postgres and PGlite) answer a raw `execute()` with: at least `rows`. */
type QueryRows<Row> = { rows: Row[] };
interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this["row"]>;
}

/**
 * Either driver's drizzle instance, without a cast; so is the `tx` of `db.transaction()`.
 * `db.execute<Row>(sql)` answers `{ rows: Row[] }`.
 */
export type Db = PgDatabase<RowsQueryResultHKT, Schema>;

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** True when a trivial query answers. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Serialises migrations when several instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_993_118;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "memory" };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.kind === "pglite" ? options.dataDir : null);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db: Db = drizzle(pool, { schema });

  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }

  return {
    kind: "postgres",
    db,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");

  let lock: DataDirLock | null = null;
  if (dataDir) lock = lockDataDir(dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    client = dataDir ? await PGlite.create(path.join(dataDir, "pglite")) : await PGlite.create();
    const db: Db = drizzle(client, { schema });
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return {
      kind: "pglite",
      db,
      ping: () => ping(db),
      close: async () => {
        try {
          if (!client.closed) {
            await client.query("CHECKPOINT");
            await client.close();
          }
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
