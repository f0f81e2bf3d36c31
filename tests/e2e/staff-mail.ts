import { expect } from "./fixtures";
import type { E2EServer } from "./servers";

/** A message as the server's SMTP sink received it (global-setup.ts): the body decoded. */
export type SinkMessage = { to: string[]; subject: string; text: string };

/** The messages the server sent to `to` by SMTP so far, oldest first. */
export async function mailTo(server: E2EServer, to: string): Promise<SinkMessage[]> {
  if (!server.mail) throw new Error(`${server.url} sends no mail by SMTP (global-setup.ts)`);
  const res = await fetch(`${server.mail}?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`the SMTP sink answered ${res.status}`);
  return (await res.json()) as SinkMessage[];
}

/**
 * The newest message to `to`, once at least `count` have arrived (the outbox worker sends them a
 * moment after the request that queued them).
 */
export async function newestMailTo(server: E2EServer, to: string, count = 1): Promise<SinkMessage> {
  let found: SinkMessage[] = [];
  await expect.poll(async () => (found = await mailTo(server, to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return found.at(-1)!;
}

/** The first link on the server's public URL in a message's text: the contract's invitation or reset link. */
export function firstLinkIn(server: E2EServer, message: SinkMessage): string {
  const link = new RegExp(`${server.url.replace(/[.:/]/g, "\\$&")}/\\S+`).exec(message.text)?.[0];
  if (!link) throw new Error(`no link on ${server.url} in "${message.subject}"`);
  return link;
}

/** The first link on the server's public URL in the newest message to `to`, once `count` arrived. */
export async function linkMailedTo(server: E2EServer, to: string, count = 1): Promise<string> {
  return firstLinkIn(server, await newestMailTo(server, to, count));
}
