import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dayOpen, lastClosedDay } from "./days";

/**
 * Who a visitor is (docs/decisions/0801): sha256(day's salt ‖ address ‖ user agent), its
 * first 128 bits written as a uuid (a native 16-byte column; a collision among one day's visitors
 * is out of reach). Without the salt the hash cannot be tested against guessed addresses, and the
 * same person gets an unrelated id the next day.
 */
export function visitorId(salt: Buffer, ip: string, userAgent: string): string {
  const hex = crypto.createHash("sha256").update(salt).update(ip).update("\n").update(userAgent).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The daily salts: 32 random bytes per UTC day, in the database so that every instance hashes a
 * visitor alike. The first instance to need a day's salt creates it (insert … on conflict do
 * nothing, then read, so two instances racing end up with the one that won); each instance then
 * keeps it in memory, so a salt costs two round trips per instance per day.
 */
export class DailySalts {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly db: Db) {}

  /** The salt of `day`, created if needed; null once the day is closed (its salt is gone for good). */
  async get(day: string, now: number): Promise<Buffer | null> {
    if (!dayOpen(day, now)) return null;
    const cached = this.cache.get(day);
    if (cached) return cached;
    const fresh = crypto.randomBytes(32).toString("hex");
    await this.db.execute(sql`insert into analytics_salts (day, salt) values (${day}, ${fresh}) on conflict (day) do nothing`);
    const { rows } = await this.db.execute<{ salt: string }>(sql`select salt from analytics_salts where day = ${day}`);
    const salt = rows[0]?.salt;
    // Deleted between the two statements: only possible once the day has closed.
    if (!salt) return null;
    const bytes = Buffer.from(salt, "hex");
    this.cache.set(day, bytes);
    for (const known of this.cache.keys()) if (!dayOpen(known, now)) this.cache.delete(known);
    return bytes;
  }
}

/** Deletes every salt whose day is over, grace included: from then on, its visitors' ids are only ids. */
export async function deleteClosedSalts(db: Db, now: number): Promise<number> {
  const { rows } = await db.execute<{ day: string }>(sql`delete from analytics_salts where day <= ${lastClosedDay(now)} returning day`);
  return rows.length;
}
