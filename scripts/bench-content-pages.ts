/**
 * `npx tsx scripts/bench-content-pages.ts` (after `npm run build`): time to first byte of the
 * blog's pages, rendered once per content change and served from the page cache
 * (server/content/page-cache.ts, docs/decisions/0903), against a prerendered page, /features, in
 * one load run on the built server. The bar (issue 41): p95 of /blog and of a post within 1.2x of
 * /features'.
 *
 * Seeds an embedded-database data dir with BENCH_POSTS (default 6) published posts
 * (seed-content-posts.ts), starts the compiled server on a copy of it (bench-site.ts), then loads
 * the URLs in turns: BENCH_ROUNDS rounds (default 3), each giving every URL BENCH_SECONDS seconds
 * (default 5) of BENCH_CONNECTIONS concurrent keep-alive connections (default 10), in a rotating
 * order, so that whatever else the machine runs weighs on every URL alike. Each request is a
 * browser's page request (Accept text/html, Accept-Encoding gzip, deflate, br); its time to
 * first byte is from sending it to its response's headers, and the body is read to the end
 * before the connection's next request. A warm-up request per URL comes first (the first render
 * after a start is not what a visitor waits for once the cache holds the page).
 *
 * Environment: BUILD_DIR (default build), BENCH_POSTS, BENCH_ROUNDS, BENCH_SECONDS,
 * BENCH_CONNECTIONS, BENCH_URLS (comma-separated paths; default /features,/blog,/blog/bench-post-1).
 * Wall-clock figures depend on what else the machine runs: the load average is printed with them.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { cleanups, runBench, startBuiltSite } from "./bench-site";
import { markdownTable, median, percentile } from "./bench-stats";
import { benchPostSlug, seedPostsDataDir } from "./seed-content-posts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const posts = Number(process.env.BENCH_POSTS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const urls = (process.env.BENCH_URLS ?? `/features,/blog,/blog/${benchPostSlug(1)}`).split(",").map((u) => u.trim()).filter(Boolean);
const reference = urls[0]!;

const headers = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br", "user-agent": "bench-content-pages" };

type Sample = { ttfbMs: number; status: number };

/** One GET on `agent`'s kept-alive connections: its time to first byte and status, body drained. */
function get(agent: http.Agent, url: URL): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      const ttfbMs = performance.now() - started;
      res.resume();
      res.on("end", () => resolve({ ttfbMs, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** `connections` clients requesting `url` back to back for `ms`. */
async function load(base: string, pathName: string, ms: number): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(pathName, base);
  const until = performance.now() + ms;
  const samples: Sample[] = [];
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) samples.push(await get(agent, url));
      }),
    );
  } finally {
    agent.destroy();
  }
  return samples;
}

await runBench(async () => {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    console.error(`No build in ${buildDir}: run "npm run build" first (or set BUILD_DIR).`);
    return 2;
  }
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentdesk-content-seed-"));
  cleanups.push(() => fs.rmSync(seedDir, { recursive: true, force: true }));
  await seedPostsDataDir(seedDir, posts);
  process.env.BENCH_DATA_DIR = seedDir;
  // The seeded embedded database, whatever DATABASE_URL the shell has.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const base = await startBuiltSite({ buildDir, env, host: "127.0.0.1", tmpPrefix: "agentdesk-content-bench-" });

  const byUrl = new Map<string, Sample[]>(urls.map((u) => [u, []]));
  for (const u of urls) {
    const warm = await get(new http.Agent(), new URL(u, base));
    if (warm.status !== 200) throw new Error(`${u} answered ${warm.status}, not 200`);
  }
  const loadBefore = os.loadavg();
  for (let round = 0; round < rounds; round++) {
    // Rotate the order each round: no URL always follows the same one.
    const order = urls.map((_, i) => urls[(i + round) % urls.length]!);
    for (const u of order) byUrl.get(u)!.push(...(await load(base, u, seconds * 1000)));
  }
  const loadAfter = os.loadavg();

  const refP95 = percentile(byUrl.get(reference)!.map((s) => s.ttfbMs), 95);
  const refP50 = median(byUrl.get(reference)!.map((s) => s.ttfbMs));
  const rows = urls.map((u) => {
    const samples = byUrl.get(u)!;
    const times = samples.map((s) => s.ttfbMs);
    const p50 = median(times);
    const p95 = percentile(times, 95);
    const non200 = samples.filter((s) => s.status !== 200).length;
    return [u, String(samples.length), String(non200), p50.toFixed(1), p95.toFixed(1), (p50 / refP50).toFixed(2), (p95 / refP95).toFixed(2)];
  });
  console.log(
    `Time to first byte, built server (${buildDir}), embedded database with ${posts} published posts; ` +
      `${connections} connections, ${rounds} rounds x ${seconds} s per URL, URLs alternating.\n`,
  );
  console.log(markdownTable(["URL", "requests", "non-200", "p50 ms", "p95 ms", `p50 / ${reference}`, `p95 / ${reference}`], "lrrrrrr", rows));
  console.log(`\nLoad average (1, 5, 15 min): before ${loadBefore.map((l) => l.toFixed(2)).join(", ")}; after ${loadAfter.map((l) => l.toFixed(2)).join(", ")}`);
  const worst = Math.max(...urls.slice(1).map((u) => percentile(byUrl.get(u)!.map((s) => s.ttfbMs), 95) / refP95));
  console.log(`Bar: p95 within 1.2x of ${reference}'s: ${worst <= 1.2 ? "met" : "missed"} (worst ${worst.toFixed(2)}x)`);
  return 0;
});
