/**
 * Other visitors for `npm run bench:leads`, in a process of their own so that a flood's load
 * generator cannot delay their clock: one lead every BENCH_TRICKLE_MS (default 100 ms), each from
 * a fresh client address with a fresh idempotency key, sent on schedule whether or not the
 * previous one was answered (open loop). A request's latency runs from the moment it was due, so
 * a stall in this process would count against the server, never hide it. Prints one JSON line:
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
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const randomIp = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`;

function post(): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": randomIp(),
          "idempotency-key": crypto.randomUUID(),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
const pending: Promise<void>[] = [];
const start = performance.now();
const total = Math.round((seconds * 1000) / everyMs);
for (let i = 0; i < total; i++) {
  const due = start + i * everyMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(
    post().then((status) => {
      latencies.push(performance.now() - due);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
}
await Promise.all(pending);
agent.destroy();
const at = (p: number) => Math.round(percentile(latencies, p) * 10) / 10;
console.log(JSON.stringify({ count: latencies.length, statuses, p50: at(50), p95: at(95), p99: at(99), max: at(100) }));
