import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROLE_MESSAGES, removeRole } from "../../server/admin/roles-service";
import { STAFF_ACCESS_MESSAGES, deactivateStaff } from "../../server/admin/staff-access-service";
import { userRoles, users } from "../../server/db/schema";
import { adminTestEnv, createStaff } from "../support/admin-fixtures";
import { sideConnections } from "../support/side-connections";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * "Never the last active admin" while a colleague's change commits (roles-service.ts,
 * lockAdminRoles). Two admins deactivating each other at once both succeeded now and then on
 * PostgreSQL (CI, stop 47): the second read who was active in the statement that waited for the
 * admin role rows, from the snapshot it started with, before the first committed.
 *
 * PostgreSQL only (CI sets DATABASE_URL): the embedded database runs one transaction at a time.
 * The interleaving is reached on purpose, not by timing: a second connection plays the first
 * admin's change (it holds the admin role rows and stamps one admin deactivated), the app's change
 * is started and seen waiting for those rows (pg_stat_activity), and only then is the first one
 * committed.
 */

const postgres = process.env.DATABASE_URL;

describe.skipIf(!postgres)("the last active admin, while a colleague's change commits (PostgreSQL)", () => {
  let t: TestApp;
  let side: Awaited<ReturnType<typeof sideConnections>>;

  // A database of its own for each test: the last admin is counted over every account.
  beforeEach(async () => {
    t = await createTestApp(adminTestEnv);
    side = await sideConnections(t);
  });
  afterEach(async () => {
    await side?.close();
    await t?.close();
  });

  /** Plays a colleague deactivating `userId`: holds the admin role rows and stamps them, uncommitted. */
  async function colleagueDeactivates(userId: string) {
    await side.holder.query("begin");
    await side.holder.query("select id from user_roles where role = 'admin' order by id for no key update");
    await side.holder.query("update auth_users set deactivated_at = now() where id = $1", [userId]);
    return () => side.holder.query("commit");
  }

  /** Two active admins, the only ones. */
  async function twoAdmins() {
    return [await createStaff(t, "admin"), await createStaff(t, "admin")] as const;
  }

  const activeAdmins = async () =>
    (await t.database.db.select({ id: users.id, deactivatedAt: users.deactivatedAt }).from(users).innerJoin(userRoles, eq(userRoles.userId, users.id)).where(eq(userRoles.role, "admin"))).filter(
      (u) => u.deactivatedAt === null,
    );

  it("deactivating the other admin while they deactivate you: refused 409, one admin stays active", async () => {
    const [a, b] = await twoAdmins();
    const commit = await colleagueDeactivates(b.userId);
    const answer = deactivateStaff(t.database.db, t.config, { userId: b.userId, email: b.email }, a.userId);
    await side.untilWaiting("the change waits for the admin role rows");
    await commit();
    expect(await answer).toEqual({ ok: false, status: 409, error: STAFF_ACCESS_MESSAGES.lastAdmin });
    expect((await activeAdmins()).map((u) => u.id)).toEqual([a.userId]);
  });

  it("removing the other admin's role while they deactivate you: refused 409, one admin stays active", async () => {
    const [a, b] = await twoAdmins();
    const [aRole] = await t.database.db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.userId, a.userId));
    const commit = await colleagueDeactivates(b.userId);
    const answer = removeRole(t.database.db, { userId: b.userId, email: b.email }, aRole!.id);
    await side.untilWaiting("the change waits for the admin role rows");
    await commit();
    expect(await answer).toEqual({ ok: false, status: 409, error: ROLE_MESSAGES.lastAdmin });
    expect((await activeAdmins()).map((u) => u.id)).toEqual([a.userId]);
  });
});
