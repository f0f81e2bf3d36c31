import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createMailboxApp, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import { accounts, auditLog, leads, passkeys, sessions, users } from "../../server/db/schema";
import { STAFF_ACCESS_MESSAGES } from "../../server/admin/staff-access-service";
import { contactBody, postJson as postLead } from "./leads-support";

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
const postJson = (p: string, body: unknown, cookie?: string) =>
  t.app.request(p, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
/** The token of the newest mail to `to` whose subject is `subject` (links end #token=…). */
async function mailedToken(to: string, subject: string): Promise<string> {
  const mail = (await mailTo(to)).filter((m) => m.includes(`\nSubject: ${subject}\n`)).at(-1) ?? "";
  return /#token=(\S+)/.exec(mail)?.[1] ?? "";
}

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
    const contact = await postLead(t.app, "/api/contact", contactBody({ email: "owned@example.com" }), { "x-forwarded-for": randomIp() });
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

    // Their password went with the account's access: the sign-in is refused as any wrong one.
    const refused = await signIn(t, rep.email, rep.password);
    expect(refused.status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, rep.userId))).toEqual([]);

    const list = (await (await t.app.request("/api/admin/staff", { headers: { Cookie: adminCookie } })).json()) as { items: { userId: string; deactivatedAt: string | null; ownedLeads: number }[] };
    expect(list.items.find((m) => m.userId === rep.userId)).toMatchObject({ deactivatedAt: expect.any(String), ownedLeads: 0 });

    // Reactivated: they set a new password from the mailed link, then sign in.
    expect((await post(`/api/admin/staff/${rep.userId}/reactivate`)).status).toBe(200);
    const token = await mailedToken(rep.email, "Set a password for your admin account");
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "back-again-password-1" })).status).toBe(200);
    expect((await signIn(t, rep.email, "back-again-password-1")).status).toBe(200);

    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.target, rep.userId))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.deactivate", "staff.reactivate"]));
    // Each change was e-mailed to them (the development mailbox: no SMTP_URL in this test).
    const theirs = await mailTo(rep.email);
    expect(theirs.some((m) => m.includes("deactivated your account"))).toBe(true);
    expect(theirs.some((m) => m.includes("reactivated your account"))).toBe(true);
  });

  it("takes every way in with it, and reactivating brings none back: only the mailed link sets a new password", async () => {
    const rep = await createStaff(t, "moderator");
    // A passkey and a Google identity, as the passkey plugin and a first Google sign-in store them,
    // and a reset link asked for before the deactivation (by whoever had the account).
    await t.database.db.insert(passkeys).values({
      id: crypto.randomUUID(),
      name: "Old key",
      publicKey: "cHVibGlj",
      userId: rep.userId,
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await t.database.db.insert(accounts).values({ id: crypto.randomUUID(), accountId: `google-${rep.userId}`, providerId: "google", userId: rep.userId });
    expect((await postJson("/api/auth/request-password-reset", { email: rep.email })).status).toBe(200);
    const earlierLink = await mailedToken(rep.email, "Reset your admin password");
    expect(earlierLink).not.toBe("");

    expect((await post(`/api/admin/staff/${rep.userId}/deactivate`)).status).toBe(200);
    const reactivated = await post(`/api/admin/staff/${rep.userId}/reactivate`);
    expect(reactivated.status).toBe(200);

    expect((await signIn(t, rep.email, rep.password)).status).toBe(401);
    expect((await postJson("/api/auth/reset-password", { token: earlierLink, newPassword: "attacker-password-1" })).status).toBe(400);
    const notice = (await mailTo(rep.email)).find((m) => m.includes("reactivated your account"))!;
    expect(notice).toContain("old password, passkeys and single sign-on links were removed");

    const token = await mailedToken(rep.email, "Set a password for your admin account");
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "fresh-start-password-2" })).status).toBe(200);
    const cookie = await signedInCookie(t, rep.email, "fresh-start-password-2");
    // What their account now holds, as better-auth lists it to them: the new password, nothing else.
    const ways = (await (await t.app.request("/api/auth/list-accounts", { headers: { Cookie: cookie } })).json()) as { providerId: string }[];
    expect(ways.map((w) => w.providerId)).toEqual(["credential"]);
    const keys = await t.app.request("/api/auth/passkey/list-user-passkeys", { headers: { Cookie: cookie } });
    expect(await keys.json()).toEqual([]);
    // The link works once.
    expect((await postJson("/api/auth/reset-password", { token, newPassword: "second-use-password-3" })).status).toBe(400);

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.target, rep.userId), eq(auditLog.action, "staff.deactivate")));
    expect(entry!.details).toMatchObject({ signInMethodsRemoved: { password: true, passkeys: 1, singleSignOn: ["google"], pendingLinks: 1 } });
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
