import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

const journalPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle/meta/_journal.json");

/** The number of migrations this build ships. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied (drizzle's bookkeeping table). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const { rows } = await db.execute<{ count: number | string }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.count ?? 0);
}
