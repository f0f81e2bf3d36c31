import type http from "node:http";
import { startHttpServer } from "./leads-support";

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
