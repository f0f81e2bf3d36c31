import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP sink that the real mail code talks to, for the API tests (tests/api) and the
 * end-to-end servers (tests/e2e/global-setup.ts).
 */

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
