import { and, eq } from "drizzle-orm";
import type { AppRole } from "@shared/schemas/admin";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { userRoles } from "../db/schema";
import { writeAudit } from "../platform/audit-log";

export type StaffAccountResult = { userId: string; createdUser: boolean; grantedRole: boolean };

/**
 * Creates a staff user with an email+password account if absent (better-auth's own hashing and
 * records, public sign-up being off), then gives it the role unless it already has it.
 */
export async function ensureStaffAccount(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string; role: AppRole },
): Promise<StaffAccountResult> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  let createdUser = false;
  let user = (await ctx.internalAdapter.findUserByEmail(email))?.user ?? null;
  if (!user) {
    const hash = await ctx.password.hash(input.password);
    user = await ctx.internalAdapter.createUser(
      { email, name: input.name ?? email.split("@")[0]!, emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    createdUser = true;
  }
  const [existing] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, input.role)))
    .limit(1);
  let grantedRole = false;
  if (!existing) {
    await db.insert(userRoles).values({ userId: user.id, role: input.role });
    await writeAudit(db, { userId: null, email: "admin:create (command line)" }, {
      action: "admin.create",
      target: user.id,
      details: { email, role: input.role, createdUser },
    });
    grantedRole = true;
  }
  return { userId: user.id, createdUser, grantedRole };
}
