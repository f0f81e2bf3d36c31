import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { passkeys } from "../db/schema";

/** How many passkeys an account has (better-auth's passkey plugin, docs/decisions/0207). */
export async function passkeyCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await passkeyCount(db, userId)) > 0;
}
