import crypto from "node:crypto";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool, QueryResultRow } from "pg";
import type { Db } from "../db/client";

/**
 * A statement on the lead path, built with drizzle's sql`` once (values as sql.placeholder) and
 * then sent to the driver with each request's values. Building and compiling drizzle's SQL tree on
 * every request was a quarter of the server's CPU time on a lead (docs/decisions/0102).
 */
export type CompiledStatement = { name: string; text: string; params: unknown[] };

const dialect = new PgDialect();
const cache = new Map<string, CompiledStatement>();

/** The statement of this shape, built by `build` the first time only. */
export function compiled(shape: string, build: () => SQL): CompiledStatement {
  let statement = cache.get(shape);
  if (!statement) {
    const query = dialect.sqlToQuery(build());
    const name = `lead_${crypto.createHash("sha256").update(query.sql).digest("hex").slice(0, 24)}`;
    cache.set(shape, (statement = { name, text: query.sql, params: query.params }));
  }
  return statement;
}

/**
 * The client under either driver's drizzle instance. node-postgres also takes a statement name,
 * and then parses and plans the statement once per connection instead of on every call.
 */
type DriverClient = Pool | PGlite;

/**
 * `db.$client`, which drizzle gives the database it creates but not a transaction's handle (the
 * shared `Db` type covers both, so the property is not in it): checked here, not assumed.
 */
function driverClient(db: Db): DriverClient {
  const client: unknown = "$client" in db ? db.$client : undefined;
  if (!isDriverClient(client)) throw new TypeError("runCompiled needs the database itself, not a transaction handle");
  return client;
}

function isDriverClient(value: unknown): value is DriverClient {
  return typeof value === "object" && value !== null && "query" in value && typeof value.query === "function";
}

/** Runs a compiled statement with its placeholders' values, on the database's own client. */
export async function runCompiled<Row>(db: Db, statement: CompiledStatement, values: Record<string, unknown>): Promise<Row[]> {
  const client = driverClient(db);
  const params = fillPlaceholders(statement.params, values);
  // PGlite (one connection in this process) has no named statements to keep.
  const { rows } =
    "waitReady" in client
      ? await client.query<Row>(statement.text, params)
      : await client.query<Row & QueryResultRow>({ name: statement.name, text: statement.text, values: params });
  return rows;
}
