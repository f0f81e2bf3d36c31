import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { adminTestEnv, createStaff, origin, randomIp, signedInCookie } from "../support/admin-fixtures";
import { capturedLogger } from "../support/captured-logger";
import { outboxWorkerFor } from "../support/outbox";
import { mailText, startSmtp } from "../support/smtp-sink";

/**
 * A link in an invitation or a reset e-mail is a credential (docs/decisions/0205): it reaches the
 * person's mailbox and nothing else, never a log line. Each flow runs end to end (invite, deliver,
 * accept, accept again; ask for a reset, deliver, reset, reset again) with every log line of the
 * app, better-auth and the outbox worker captured at debug level, the most the server writes:
 * by SMTP (each message refused once first, so the failure is logged too), and to the development
 * mailbox without SMTP_URL.
 */

type Transport = {
  env: Record<string, string>;
  /** The texts of the messages delivered to `to` so far. */
  mailTo: (to: string) => Promise<string[]>;
  close: () => Promise<void>;
};

async function bySmtp(): Promise<Transport> {
  const refusedOnce = new Set<string>();
  const smtp = await startSmtp(0, (mail) => {
    const id = /^Message-ID: *(\S+)/im.exec(mail.raw)?.[1] ?? mail.raw;
    if (refusedOnce.has(id)) return null;
    refusedOnce.add(id);
    return Object.assign(new Error("451 try again later"), { responseCode: 451 });
  });
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "leads@example.com", LEADS_NOTIFY_FROM: "desk@example.com" },
    mailTo: async (to) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => mailText(m.raw)),
    close: smtp.close,
  };
}

async function toMailbox(): Promise<Transport> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "links-not-logged-"));
  const mailbox = path.join(dataDir, "mailbox");
  return {
    env: { DATA_DIR: dataDir },
    mailTo: async (to) => {
      const files = await fs.readdir(mailbox).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((f) => fs.readFile(path.join(mailbox, f), "utf8")));
      return texts.filter((text) => text.includes(`\nTo: ${to}\n`));
    },
    close: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

const linkIn = (text: string) => new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/\\S+`).exec(text)?.[0] ?? "";
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, "");

describe("invitation and reset links never reach the log", () => {
  for (const [name, make] of [
    ["to the development mailbox", toMailbox],
    ["by SMTP, each message refused once first", bySmtp],
  ] as const) {
    it(name, async () => {
      const transport = await make();
      const log = capturedLogger("debug");
      let t: TestApp | undefined;
      try {
        t = await createTestApp({ ...adminTestEnv, ...transport.env }, { logger: log.logger });
        const app = t;
        // Retries at once: the SMTP variant's first attempts are refused.
        const worker = outboxWorkerFor(app, { logger: log.logger, config: { retryBaseMs: 10, retryMaxMs: 10 } });
        const post = (p: string, body: unknown, cookie?: string) =>
          app.app.request(p, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
            body: JSON.stringify(body),
          });
        /** Runs the outbox until a message to `to` with a link to `page` is delivered, and returns the link. */
        const deliveredLink = async (to: string, page: string) => {
          const find = async () => (await transport.mailTo(to)).map(linkIn).find((link) => link.startsWith(`${origin}${page}#token=`));
          for (let round = 0; round < 100 && !(await find()); round++) {
            await worker.runOnce();
            await new Promise((r) => setTimeout(r, 20));
          }
          const link = await find();
          expect(link, `a link to ${page} mailed to ${to}`).toBeTruthy();
          return link!;
        };

        const admin = await createStaff(app, "admin");
        const adminCookie = await signedInCookie(app, admin.email, admin.password);
        const email = "new.colleague@example.com";
        expect((await post("/api/admin/invitations", { email, role: "moderator" }, adminCookie)).status).toBe(201);
        const invitation = await deliveredLink(email, "/admin/accept-invitation");
        expect((await post("/api/staff/invitations/check", { token: tokenOf(invitation) })).status).toBe(200);
        expect((await post("/api/staff/invitations/accept", { token: tokenOf(invitation), password: "a-good-password-1" })).status).toBe(200);
        expect((await post("/api/staff/invitations/accept", { token: tokenOf(invitation), password: "a-good-password-1" })).status).toBe(410);

        expect((await post("/api/auth/request-password-reset", { email })).status).toBe(200);
        const reset = await deliveredLink(email, "/admin/reset-password");
        expect((await post("/api/auth/reset-password", { token: tokenOf(reset), newPassword: "a-new-password-2" })).status).toBe(200);
        expect((await post("/api/auth/reset-password", { token: tokenOf(reset), newPassword: "a-new-password-3" })).status).toBe(400);

        const text = log.text();
        // The log was captured: every request, and for SMTP the refused first attempts.
        expect(text).toContain('"path":"/api/staff/invitations/accept"');
        expect(text).toContain('"path":"/api/auth/reset-password"');
        if (name.startsWith("by SMTP")) expect(text).toContain("will retry");
        for (const link of [invitation, reset]) {
          expect(text).not.toContain(tokenOf(link));
          expect(text).not.toContain(link);
        }
        expect(text).not.toContain("#token=");
      } finally {
        await t?.close();
        await transport.close();
      }
    }, 60_000);
  }
});
