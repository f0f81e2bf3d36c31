import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, cookiesFrom, createStaff, origin, randomIp, signIn, signedInCookie } from "../support/admin-fixtures";
import type { OutboxWorker } from "../../server/platform/outbox/outbox-worker";
import { auditLog, staffInvitations, userRoles, users } from "../../server/db/schema";
import { loadConfig } from "../../server/config";
import { MAIL_UNAVAILABLE_MESSAGE } from "../../server/platform/staff-mail";
import { INVITATION_MESSAGES } from "../../server/admin/invitations-service";
import { RESET_REQUEST_LIMITS } from "../../server/auth/auth";
import { waitFor } from "./lead-notifications-support";
import { mailText, startSmtp } from "../support/smtp-sink";
import { outboxWorkerFor } from "../support/outbox";

/**
 * Invitations and forgotten passwords (docs/decisions/0205), through the real outbox worker and
 * notifier to a real SMTP server on localhost, configured with SMTP_URL and LEADS_NOTIFY_FROM only
 * (LEADS_NOTIFY_TO, which SMTP_URL already needs, aside).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: OutboxWorker;
let admin: { email: string; password: string; userId: string };
let adminCookie = "";

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    ...adminTestEnv,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEADS_NOTIFY_TO: "leads@example.com",
    LEADS_NOTIFY_FROM: "desk@example.com",
  });
  worker = outboxWorkerFor(t, { logger: t.deps.logger, config: { pollMs: 20 } });
  worker.start();
  admin = await createStaff(t, "admin");
  adminCookie = await signedInCookie(t, admin.email, admin.password);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await t?.close();
});

function post(path: string, body: unknown, cookie?: string, ip = randomIp()) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": ip };
  if (cookie) headers.Cookie = cookie;
  return t.app.request(path, { method: "POST", headers, body: JSON.stringify(body) });
}

/** The first link on PUBLIC_URL in the newest message to `to`, once it arrived. */
async function linkMailedTo(to: string, after = 0): Promise<{ link: string; text: string; raw: string }> {
  await waitFor(() => smtp.messages.filter((m) => m.to.includes(to)).length > after);
  const raw = smtp.messages.filter((m) => m.to.includes(to))[after]!.raw;
  const text = mailText(raw);
  const link = new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/\\S+`).exec(text)?.[0];
  return { link: link ?? "", text, raw };
}
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, "");
const audits = async (action: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

describe("inviting a colleague", () => {
  it("mails a single-use link from LEADS_NOTIFY_FROM; accepting sets the password, grants the role and signs in", async () => {
    const email = "new.rep@example.com";
    const res = await post("/api/admin/invitations", { email: "New.Rep@Example.com", role: "moderator" }, adminCookie);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { outcome: string }).outcome).toBe("invited");
    const { link, raw } = await linkMailedTo(email);
    expect(raw).toMatch(/^From: desk@example\.com/m);
    expect(link).toMatch(/\/admin\/accept-invitation#token=/);
    // Nothing of the token is stored but its hash.
    const [row] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).not.toContain(tokenOf(link));
    const pending = await t.app.request("/api/admin/invitations", { headers: { Cookie: adminCookie } });
    expect(await pending.json()).toMatchObject({
      items: [{ email, role: "moderator", expired: false }],
    });

    const check = await post("/api/staff/invitations/check", { token: tokenOf(link) });
    expect(await check.json()).toEqual({ email, role: "moderator" });
    const short = await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "short" });
    expect(short.status).toBe(400);

    const accepted = await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "a-good-password-1" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ email, role: "moderator", signedIn: true });
    const me = await t.app.request("/api/admin/me", { headers: { Cookie: cookiesFrom(accepted) } });
    expect(((await me.json()) as { user: { email: string; role: string } }).user).toMatchObject({ email, role: "moderator" });
    expect((await signIn(t, email, "a-good-password-1")).status).toBe(200);

    // Used once: the same link again opens nothing, and says why.
    const again = await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "another-password-2" });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: INVITATION_MESSAGES.used, code: "LINK_USED" });
    expect((await signIn(t, email, "another-password-2")).status).toBe(401);
    expect(await audits("invitation.create")).toBeGreaterThanOrEqual(1);
    expect(await audits("invitation.accept")).toBe(1);
  });

  it("refuses an expired link, and a resend replaces it with a fresh one", async () => {
    const email = "late.rep@example.com";
    await post("/api/admin/invitations", { email, role: "admin" }, adminCookie);
    const { link } = await linkMailedTo(email);
    await t.database.db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, email));
    // The invitation page checks its link first and shows the answer's message in place of the form.
    const checked = await post("/api/staff/invitations/check", { token: tokenOf(link) });
    expect(checked.status).toBe(410);
    expect(await checked.json()).toEqual({ error: INVITATION_MESSAGES.expired, code: "LINK_EXPIRED" });
    const expired = await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "a-good-password-1" });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: INVITATION_MESSAGES.expired, code: "LINK_EXPIRED" });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const [row] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect((await post(`/api/admin/invitations/${row!.id}/resend`, {}, adminCookie)).status).toBe(200);
    const fresh = await linkMailedTo(email, 1);
    expect(fresh.link).not.toBe(link);
    // The replaced link is no link at all now.
    expect((await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "a-good-password-1" })).status).toBe(400);
    expect((await post("/api/staff/invitations/accept", { token: tokenOf(fresh.link), password: "a-good-password-1" })).status).toBe(200);
  });

  it("revokes: the link then opens nothing; a second invitation to a pending address is refused", async () => {
    const email = "maybe.rep@example.com";
    await post("/api/admin/invitations", { email, role: "moderator" }, adminCookie);
    const { link } = await linkMailedTo(email);
    const twice = await post("/api/admin/invitations", { email, role: "moderator" }, adminCookie);
    expect(twice.status).toBe(409);
    const [row] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    const revoked = await t.app.request(`/api/admin/invitations/${row!.id}`, { method: "DELETE", headers: { Cookie: adminCookie, Origin: origin } });
    expect(revoked.status).toBe(200);
    const res = await post("/api/staff/invitations/accept", { token: tokenOf(link), password: "a-good-password-1" });
    expect(res.status).toBe(400);
    expect(await audits("invitation.revoke")).toBe(1);
  });

  it("an address that already has an account just gets the role, and is told by e-mail", async () => {
    const existing = await createStaff(t, "user");
    const res = await post("/api/admin/invitations", { email: existing.email, role: "moderator" }, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: "granted", userId: existing.userId, role: "moderator" });
    const roles = await t.database.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, existing.userId));
    expect(roles.map((r) => r.role).sort()).toEqual(["moderator", "user"]);
    const { text } = await linkMailedTo(existing.email);
    expect(text).toContain("gave you the moderator role");
    expect(await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, existing.email))).toEqual([]);
  });

  it("validates the form with field errors, and a moderator may not invite", async () => {
    const bad = await post("/api/admin/invitations", { email: "nope", role: "user" }, adminCookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      email: "Invalid email address",
      role: "Choose admin, moderator or editor",
    });
    const moderator = await createStaff(t, "moderator");
    const refused = await post("/api/admin/invitations", { email: "x@example.com", role: "moderator" }, await signedInCookie(t, moderator.email, moderator.password));
    expect(refused.status).toBe(403);
  });
});

describe("forgot password", () => {
  it("answers the same whether or not the address has an account, and mails only the account", async () => {
    const staff = await createStaff(t, "moderator");
    const known = await post("/api/auth/request-password-reset", { email: staff.email });
    const unknown = await post("/api/auth/request-password-reset", { email: "nobody-here@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await linkMailedTo(staff.email);
    expect(smtp.messages.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
  });

  it("the link sets a new password once, ends every session of the account, and expires", async () => {
    const staff = await createStaff(t, "admin");
    const oldSession = await signedInCookie(t, staff.email, staff.password);
    await post("/api/auth/request-password-reset", { email: staff.email });
    const { link, text } = await linkMailedTo(staff.email);
    expect(link).toMatch(/\/admin\/reset-password#token=/);
    expect(text).toContain("one hour");

    const reset = await post("/api/auth/reset-password", { token: tokenOf(link), newPassword: "brand-new-password-9" });
    expect(reset.status).toBe(200);
    expect((await t.app.request("/api/admin/me", { headers: { Cookie: oldSession } })).status).toBe(401);
    expect((await signIn(t, staff.email, staff.password)).status).toBe(401);
    expect((await signIn(t, staff.email, "brand-new-password-9")).status).toBe(200);
    const reused = await post("/api/auth/reset-password", { token: tokenOf(link), newPassword: "yet-another-password-3" });
    expect(reused.status).toBe(400);
    expect(await audits("auth.password.reset")).toBeGreaterThanOrEqual(1);

    // An hour later the next link no longer works.
    await post("/api/auth/request-password-reset", { email: staff.email });
    const next = await linkMailedTo(staff.email, 1);
    const { verifications } = await import("../../server/db/schema");
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post("/api/auth/reset-password", { token: tokenOf(next.link), newPassword: "late-password-44" })).status).toBe(400);
  });

  it("is limited per e-mail address and per client address", async () => {
    const email = "flooded@example.com";
    for (let i = 0; i < RESET_REQUEST_LIMITS.perEmail.max; i++) expect((await post("/api/auth/request-password-reset", { email })).status).toBe(200);
    const limited = await post("/api/auth/request-password-reset", { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();

    const ip = randomIp();
    for (let i = 0; i < RESET_REQUEST_LIMITS.perClientAddress.max; i++) {
      expect((await post("/api/auth/request-password-reset", { email: `someone-${i}@example.com` }, undefined, ip)).status).toBe(200);
    }
    expect((await post("/api/auth/request-password-reset", { email: "one-more@example.com" }, undefined, ip)).status).toBe(429);
  });
});

describe("without SMTP_URL outside production", () => {
  it("writes each message as a file to the development mailbox under DATA_DIR", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "staff-mailbox-"));
    const dev = await createTestApp({ ...adminTestEnv, DATA_DIR: dataDir });
    try {
      expect(dev.config.staffMail.mailboxDir).toBe(path.join(dataDir, "mailbox"));
      const staff = await createStaff(dev, "admin");
      const cookie = await signedInCookie(dev, staff.email, staff.password);
      const res = await dev.app.request("/api/admin/invitations", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
        body: JSON.stringify({ email: "dev.rep@example.com", role: "moderator" }),
      });
      expect(res.status).toBe(201);
      const devWorker = outboxWorkerFor(dev, { logger: dev.deps.logger });
      expect(await devWorker.runOnce()).toBe(1);
      const files = await fs.readdir(path.join(dataDir, "mailbox"));
      expect(files).toHaveLength(1);
      const text = await fs.readFile(path.join(dataDir, "mailbox", files[0]!), "utf8");
      expect(text).toMatch(/^To: dev\.rep@example\.com$/m);
      expect(text).toMatch(new RegExp(`^${origin}/admin/accept-invitation#token=\\S+$`, "m"));
    } finally {
      await dev.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("without a mail transport in production", () => {
  it("refuses invitations and resets with a clear message, and stores nothing", async () => {
    const config = loadConfig({
      ...adminTestEnv,
      NODE_ENV: "production",
      PUBLIC_URL: "https://desk.agentdesk.dev",
      BETTER_AUTH_SECRET: "x".repeat(40),
      ALLOW_IN_PRODUCTION: "embedded-database,example-content,no-bot-check",
    });
    expect(config.staffMail.mailboxDir).toBeNull();
    const prod = await createTestApp({}, { config: { ...config, env: "test" as const, publicUrl: origin, runtime: { ...config.runtime, publicUrl: origin } } });
    try {
      const staff = await createStaff(prod, "admin");
      const cookie = await signedInCookie(prod, staff.email, staff.password);
      const invite = await prod.app.request("/api/admin/invitations", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
        body: JSON.stringify({ email: "x@example.com", role: "moderator" }),
      });
      expect(invite.status).toBe(503);
      expect(await invite.json()).toEqual({ error: MAIL_UNAVAILABLE_MESSAGE, code: "MAIL_NOT_CONFIGURED" });
      const reset = await prod.app.request("/api/auth/request-password-reset", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp() },
        body: JSON.stringify({ email: staff.email }),
      });
      expect(reset.status).toBe(503);
      expect(((await reset.json()) as { message: string }).message).toBe(MAIL_UNAVAILABLE_MESSAGE);
      expect(await prod.database.db.select().from(staffInvitations)).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
