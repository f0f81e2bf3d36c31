/**
 * Other visitors for `npm run bench:leads`, in a process of their own so that a flood's load
 * generator cannot delay their clock: one request every BENCH_TRICKLE_MS (default 100 ms), each
 * from a fresh client address, sent on schedule whether or not the previous one was answered
 * (open loop). A request's latency runs from the moment it was due, so a stall in this process
 * would count against the server, never hide it. Two kinds of visitor:
 *   - BENCH_KIND=json (the default): a lead posted as JSON (BENCH_BODY) to URL, each with a fresh
 *     idempotency key;
 *   - BENCH_KIND=native: by turns a load of the page at URL and a lead posted to it as a browser
 *     without JavaScript posts its form (BENCH_BODY, urlencoded), from the site's own origin.
 * Prints one JSON line, with each kind's figures under `kinds`:
 *
 *   URL=http://127.0.0.1:3000/api/submit-booking BENCH_DURATION=10 tsx scripts/bench-leads-trickle.ts
 */
import crypto from "node:crypto";
import http from "node:http";
import { percentile } from "./bench-stats";

const url = new URL(process.env.URL!);
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const everyMs = Number(process.env.BENCH_TRICKLE_MS ?? 100);
const body = process.env.BENCH_BODY!;
const native = process.env.BENCH_KIND === "native";
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const randomIp = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`;

type Kind = "lead" | "page";

function send(kind: Kind): Promise<number> {
  const headers: http.OutgoingHttpHeaders = { "x-forwarded-for": randomIp() };
  if (kind === "lead") {
    headers["content-length"] = Buffer.byteLength(body);
    if (native) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = url.origin;
      headers.referer = url.href;
    } else {
      headers["content-type"] = "application/json";
      headers["idempotency-key"] = crypto.randomUUID();
    }
  }
  return new Promise((resolve) => {
    const req = http.request(url, { method: kind === "lead" ? "POST" : "GET", agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end(kind === "lead" ? body : undefined);
  });
}

const measured: Record<Kind, { latencies: number[]; statuses: Record<string, number> }> = {
  lead: { latencies: [], statuses: {} },
  page: { latencies: [], statuses: {} },
};
const pending: Promise<void>[] = [];
const start = performance.now();
const total = Math.round((seconds * 1000) / everyMs);
for (let i = 0; i < total; i++) {
  const due = start + i * everyMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const kind: Kind = native && i % 2 === 0 ? "page" : "lead";
  pending.push(
    send(kind).then((status) => {
      measured[kind].latencies.push(performance.now() - due);
      measured[kind].statuses[status] = (measured[kind].statuses[status] ?? 0) + 1;
    }),
  );
}
await Promise.all(pending);
agent.destroy();

function figures(latencies: number[], statuses: Record<string, number>) {
  const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  return { count: latencies.length, statuses, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}
const all = [...measured.lead.latencies, ...measured.page.latencies];
const statuses: Record<string, number> = {};
for (const { statuses: s } of Object.values(measured)) for (const [k, n] of Object.entries(s)) statuses[k] = (statuses[k] ?? 0) + n;
const kinds = Object.fromEntries(
  (Object.entries(measured) as [Kind, (typeof measured)[Kind]][]).filter(([, m]) => m.latencies.length > 0).map(([k, m]) => [k, figures(m.latencies, m.statuses)]),
);
console.log(JSON.stringify({ ...figures(all, statuses), kinds }));
