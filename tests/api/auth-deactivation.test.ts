import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createMailboxApp, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { auditLog, leads, sessions, users } from "../../server/db/schema";
import { DEACTIVATED_SIGN_IN_MESSAGE, STAFF_ACCESS_MESSAGES } from "../../server/admin/staff-access-service";
import { contactBody, postJson } from "./leads-support";

/** Taking a staff member's access away, and giving it back (docs/decisions/0206). */
let t: TestApp;
let dataDir = "";
let admin: { email: string; password: string; userId: string };
let adminCookie = "";
let mailTo: (to: string) => Promise<string[]>;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, dataDir, admin, adminCookie, mailTo, close } = await createMailboxApp("staff-access-"));
}, 120_000);
afterAll(() => close?.());

const post = (p: string, cookie = adminCookie) => t.app.request(p, { method: "POST", headers: { Origin: origin, Cookie: cookie } });

/** Every /api/admin route the app declares, with a made-up id where it takes one. */
const everyAdminRoute = () =>
  [...new Set(t.app.routes.filter((r) => r.path.startsWith("/api/admin/") && r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].map((key) => {
    const [method, p] = key.split(" ") as [string, string];
    return { method, path: p.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000001") };
  });

describe("deactivating a staff member", () => {
  it("ends their sessions at once (401 on every admin route), refuses their sign-in plainly, and routes their open leads again", async () => {
    const rep = await createStaff(t, "moderator");
    const repCookie = await signedInCookie(t, rep.email, rep.password);
    const other = await signedInCookie(t, rep.email, rep.password);
    const contact = await postJson(t.app, "/api/contact", contactBody({ email: "owned@example.com" }), { "x-forwarded-for": randomIp() });
    expect(contact.status).toBe(200);
    await t.database.db.update(leads).set({ ownerUserId: rep.userId }).where(eq(leads.email, "owned@example.com"));
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: repCookie } })).status).toBe(200);

    const res = await post(`/api/admin/staff/${rep.userId}/deactivate`);
    expect(res.status).toBe(200);
    // Their open lead went to the one other person in rotation, the admin (docs/decisions/0711).
    expect(await res.json()).toEqual({ userId: rep.userId, email: rep.email, deactivated: true, ownedLeads: 0, reroutedLeads: 1, unassignedLeads: 0 });
    expect((await t.database.db.select({ owner: leads.ownerUserId }).from(leads).where(eq(leads.email, "owned@example.com")))[0]!.owner).toBe(admin.userId);

    for (const cookie of [repCookie, other]) {
      for (const route of everyAdminRoute()) {
        const answer = await t.app.request(route.path, { method: route.method, headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" }, body: route.method === "GET" ? undefined : "{}" });
        expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      }
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, rep.userId))).toEqual([]);

    const refused = await signIn(t, rep.email, rep.password);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(DEACTIVATED_SIGN_IN_MESSAGE);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, rep.userId))).toEqual([]);

    const list = (await (await t.app.request("/api/admin/staff", { headers: { Cookie: adminCookie } })).json()) as { items: { userId: string; deactivatedAt: string | null; ownedLeads: number }[] };
    expect(list.items.find((m) => m.userId === rep.userId)).toMatchObject({ deactivatedAt: expect.any(String), ownedLeads: 0 });

    // Reactivated: they sign in again.
    expect((await post(`/api/admin/staff/${rep.userId}/reactivate`)).status).toBe(200);
    expect((await signIn(t, rep.email, rep.password)).status).toBe(200);

    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.target, rep.userId))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.deactivate", "staff.reactivate"]));
    // Each change was e-mailed to them (the development mailbox: no SMTP_URL in this test).
    const theirs = await mailTo(rep.email);
    expect(theirs.some((m) => m.includes("deactivated your account"))).toBe(true);
    expect(theirs.some((m) => m.includes("reactivated your account"))).toBe(true);
  });

  it("a session that outlived its account's deactivation (a sign-in racing it) is answered 401 and ended", async () => {
    const rep = await createStaff(t, "moderator");
    const repCookie = await signedInCookie(t, rep.email, rep.password);
    // The deactivation's stamp without its session sweep: what a sign-in that created its session
    // just after the sweep leaves behind.
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, rep.userId));
    const me = await t.app.request("/api/admin/me", { headers: { Cookie: repCookie } });
    expect(me.status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, rep.userId))).toEqual([]);
    const write = await t.app.request("/api/admin/leads/routing/me", { method: "PUT", headers: { Origin: origin, Cookie: repCookie, "Content-Type": "application/json" }, body: "{}" });
    expect(write.status).toBe(401);
  });

  it("refuses deactivating oneself, and a moderator may not deactivate anyone", async () => {
    const self = await post(`/api/admin/staff/${admin.userId}/deactivate`);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: STAFF_ACCESS_MESSAGES.self });
    const moderator = await createStaff(t, "moderator");
    const modCookie = await signedInCookie(t, moderator.email, moderator.password);
    expect((await post(`/api/admin/staff/${admin.userId}/deactivate`, modCookie)).status).toBe(403);
  });

  it("two admins deactivating each other at once: one wins, the last active admin stays, never a 500", async () => {
    const solo = await createTestApp({ ...adminTestEnv, DATA_DIR: dataDir });
    try {
      const a = await createStaff(solo, "admin");
      const b = await createStaff(solo, "admin");
      const [aCookie, bCookie] = [await signedInCookie(solo, a.email, a.password), await signedInCookie(solo, b.email, b.password)];
      const deactivate = (who: string, cookie: string) => solo.app.request(`/api/admin/staff/${who}/deactivate`, { method: "POST", headers: { Origin: origin, Cookie: cookie } });
      const answers = await Promise.all([deactivate(b.userId, aCookie), deactivate(a.userId, bCookie)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const loser = answers.find((r) => r.status === 409);
      if (loser) expect(await loser.json()).toEqual({ error: STAFF_ACCESS_MESSAGES.lastAdmin });
      const active = (await solo.database.db.select().from(users)).filter((u) => u.deactivatedAt === null);
      expect(active).toHaveLength(1);

      // The active admin's own admin role cannot be removed either: a deactivated admin counts for nothing.
      const survivor = active[0]!.id === a.userId ? { ...a, cookie: aCookie } : { ...b, cookie: bCookie };
      const roles = (await (await solo.app.request("/api/admin/roles", { headers: { Cookie: survivor.cookie } })).json()) as { items: { id: string; userId: string }[] };
      const own = roles.items.find((r) => r.userId === survivor.userId)!;
      const removal = await solo.app.request(`/api/admin/roles/${own.id}`, { method: "DELETE", headers: { Origin: origin, Cookie: survivor.cookie } });
      expect(removal.status).toBe(409);
    } finally {
      await solo.close();
    }
  });
});
