import type { AddressInfo } from "node:net";
import type http from "node:http";
import { SMTPServer } from "smtp-server";
import { startHttpServer } from "./leads-support";

/**
 * For files about delivering staff notifications: no first-contact check is queued with each lead
 * (a `lead_desk` row, which sends nothing; tests/api/lead-reassignment.test.ts covers it), so the
 * outbox holds only the notifications these files count.
 */
export const notificationsOnly = { LEADS_REASSIGN_MAX: "0" } as const;

/** A message as the SMTP server received it: its raw text and its recipients. */
export type ReceivedMail = { raw: string; to: string[] };

/**
 * A real SMTP server on localhost that keeps every message it receives, or refuses one with the
 * error `refuse` returns for it (a server that answers 5xx).
 */
export async function startSmtp(port = 0, refuse: (mail: ReceivedMail) => Error | null = () => null) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        const mail = { raw, to: session.envelope.rcptTo.map((r) => r.address) };
        const error = refuse(mail);
        if (error) return callback(error);
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A received message with its body decoded as a mail client shows it: nodemailer sends a body
 * with a line over 76 characters (a link) as quoted-printable, and non-ASCII text as base64.
 */
export function mailText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  // Long header values (a subject) are folded onto continuation lines.
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  let decoded = body;
  if (encoding === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(soft.charCodeAt(i));
    }
    decoded = Buffer.from(bytes).toString("utf8");
  } else if (encoding === "base64") {
    decoded = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return `${headers}\r\n\r\n${decoded}`;
}

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
};

export type SlackAnswer = { status: number; body?: string; headers?: Record<string, string> };

/**
 * A local stand-in for a Slack incoming webhook (docs: 200 "ok"; 4xx with a short code; 429 with
 * Retry-After). `answer` decides each reply (default 200 "ok"), at once or when its promise
 * settles; every request is kept, with when it arrived.
 */
export async function startSlack() {
  const state: { answer: (req: http.IncomingMessage) => SlackAnswer | Promise<SlackAnswer>; times: number[] } = {
    answer: () => ({ status: 200, body: "ok" }),
    times: [],
  };
  const server = await startHttpServer((req, _body, res) => {
    state.times.push(Date.now());
    void Promise.resolve(state.answer(req)).then(({ status, body = "", headers = {} }) => {
      if (!res.destroyed) res.writeHead(status, { "content-type": "text/plain", ...headers }).end(body);
    });
  });
  return {
    ...server,
    /** The webhook's secret path, as Slack's URLs carry one. */
    webhookUrl: `${server.url}/services/T000/B000/secret-token-in-path`,
    state,
    /** The JSON messages received, in order. */
    messages: () => server.requests.map((r) => JSON.parse(r.body) as { text: string; blocks: { type: string; text?: { text: string }; fields?: { text: string }[]; elements?: { text: string }[] }[] }),
  };
}
