import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createMailboxApp, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { auditLog, staffInvitations, userRoles, users } from "../../server/db/schema";
import { INVITATION_MESSAGES, claimInvitation, completeAcceptance } from "../../server/admin/invitations-service";
import { deactivateStaff } from "../../server/admin/staff-access-service";

/**
 * The pending invitations the users page lists (GET /api/admin/invitations), as an invitation is
 * accepted or runs out: what admin-area.spec.ts used to read off the page after each flow.
 */
let app: Awaited<ReturnType<typeof createMailboxApp>>;

beforeAll(async () => {
  app = await createMailboxApp("invitations-list-");
}, 120_000);
afterAll(() => app?.close());

type Pending = { items: { email: string; role: string; expired: boolean }[] };

const post = (path: string, body: unknown, cookie?: string) =>
  app.t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

const pending = async () => ((await (await app.t.app.request("/api/admin/invitations", { headers: { Cookie: app.adminCookie } })).json()) as Pending).items;

async function invite(email: string, cookie = app.adminCookie, role = "moderator"): Promise<string> {
  expect((await post("/api/admin/invitations", { email, role }, cookie)).status).toBe(201);
  const [mail] = await app.mailTo(email);
  const link = new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/\\S+`).exec(mail ?? "")?.[0] ?? "";
  return new URL(link).hash.replace(/^#token=/, "");
}

describe("the pending invitations list", () => {
  it("drops an invitation once it is accepted", async () => {
    const email = "accepted.rep@example.com";
    const token = await invite(email);
    expect((await pending()).filter((i) => i.email === email)).toEqual([expect.objectContaining({ role: "moderator", expired: false })]);
    expect((await post("/api/staff/invitations/accept", { token, password: "invited-password-1" })).status).toBe(200);
    expect((await pending()).some((i) => i.email === email)).toBe(false);
  });

  it("keeps an invitation past its expiry, marked expired", async () => {
    const email = "late.rep@example.com";
    await invite(email);
    await app.t.database.db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, email));
    expect((await pending()).filter((i) => i.email === email)).toEqual([expect.objectContaining({ role: "moderator", expired: true })]);
  });
});

/**
 * An invitation rests on its inviter's access (docs/decisions/0205, 0206): a departing admin's
 * invitation of an outside address as admin must not still work for its 72 hours.
 */
describe("an invitation whose inviter lost access", () => {
  const withdrawn = { error: INVITATION_MESSAGES.withdrawn, code: "INVITATION_WITHDRAWN" };
  const accountOf = async (email: string) => (await app.t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const revocations = async (email: string) =>
    (await app.t.database.db.select().from(auditLog).where(eq(auditLog.action, "invitation.revoke"))).filter((r) => (r.details as { email?: string }).email === email);

  async function departingAdmin() {
    const leaver = await createStaff(app.t, "admin");
    return { ...leaver, cookie: await signedInCookie(app.t, leaver.email, leaver.password) };
  }

  it("is revoked (audited) when the inviter is deactivated, and the link then opens nothing", async () => {
    const leaver = await departingAdmin();
    const email = "outsider.one@example.net";
    const token = await invite(email, leaver.cookie, "admin");
    expect((await post(`/api/admin/staff/${leaver.userId}/deactivate`, {}, app.adminCookie)).status).toBe(200);

    expect((await pending()).some((i) => i.email === email)).toBe(false);
    expect(await revocations(email)).toEqual([expect.objectContaining({ actorEmail: app.admin.email, details: expect.objectContaining({ reason: "inviter deactivated" }) })]);
    const checked = await post("/api/staff/invitations/check", { token });
    expect(checked.status).toBe(410);
    expect(await checked.json()).toEqual(withdrawn);
    const accepted = await post("/api/staff/invitations/accept", { token, password: "outsider-password-1" });
    expect(accepted.status).toBe(410);
    expect(await accepted.json()).toEqual(withdrawn);
    expect(accepted.headers.get("set-cookie")).toBeNull();
    expect(await accountOf(email)).toBeUndefined();
  });

  it("is revoked (audited) when the inviter loses the admin role", async () => {
    const leaver = await departingAdmin();
    const email = "outsider.two@example.net";
    const token = await invite(email, leaver.cookie, "admin");
    const [role] = await app.t.database.db.select().from(userRoles).where(and(eq(userRoles.userId, leaver.userId), eq(userRoles.role, "admin")));
    const removed = await app.t.app.request(`/api/admin/roles/${role!.id}`, { method: "DELETE", headers: { Origin: origin, Cookie: app.adminCookie } });
    expect(removed.status).toBe(200);

    expect((await pending()).some((i) => i.email === email)).toBe(false);
    expect(await revocations(email)).toEqual([expect.objectContaining({ details: expect.objectContaining({ reason: "inviter's admin role removed" }) })]);
    const accepted = await post("/api/staff/invitations/accept", { token, password: "outsider-password-2" });
    expect(await accepted.json()).toEqual(withdrawn);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("is refused at acceptance even if nothing revoked it (an inviter deactivated before revocation existed)", async () => {
    const leaver = await departingAdmin();
    const email = "outsider.three@example.net";
    const token = await invite(email, leaver.cookie, "admin");
    await app.t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, leaver.userId));

    const accepted = await post("/api/staff/invitations/accept", { token, password: "outsider-password-3" });
    expect(accepted.status).toBe(410);
    expect(await accepted.json()).toEqual(withdrawn);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("grants nothing when the inviter is deactivated while the acceptance is under way", async () => {
    const leaver = await departingAdmin();
    const email = "outsider.four@example.net";
    const token = await invite(email, leaver.cookie, "admin");
    // The acceptance took the link (the route then makes the account), and the deactivation lands.
    const claimed = await claimInvitation(app.t.database.db, token);
    if (!claimed.ok) throw new Error(claimed.error);
    const deactivated = await deactivateStaff(app.t.database.db, app.t.config, { userId: app.admin.userId, email: app.admin.email }, leaver.userId);
    expect(deactivated.ok).toBe(true);
    const someone = await createStaff(app.t, null, email);
    expect(await completeAcceptance(app.t.database.db, claimed, someone.userId, false)).toBe(false);
    expect(await app.t.database.db.select().from(userRoles).where(eq(userRoles.userId, someone.userId))).toEqual([]);
    const again = await post("/api/staff/invitations/accept", { token, password: "outsider-password-4" });
    expect(await again.json()).toEqual(withdrawn);
  });

  it("a resend by another admin rests on that admin's access", async () => {
    const leaver = await departingAdmin();
    const email = "outsider.five@example.net";
    await invite(email, leaver.cookie, "moderator");
    const [row] = await app.t.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect((await post(`/api/admin/invitations/${row!.id}/resend`, {}, app.adminCookie)).status).toBe(200);
    const mail = (await app.mailTo(email)).find((m) => m.includes(`${app.admin.email} invited you`));
    const token = /#token=(\S+)/.exec(mail ?? "")?.[1] ?? "";
    expect((await post(`/api/admin/staff/${leaver.userId}/deactivate`, {}, app.adminCookie)).status).toBe(200);
    const accepted = await post("/api/staff/invitations/accept", { token, password: "outsider-password-5" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ email, role: "moderator", signedIn: true });
  });
});
