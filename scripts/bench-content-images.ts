/**
 * `npx tsx scripts/bench-content-images.ts`: what storing an uploaded photo costs
 * (server/platform/file-storage.ts, docs/decisions/0902), and what a share card costs
 * (server/content/share-card.ts).
 *
 * Makes two 12-megapixel JPEGs (4000x3000, quality 92, with EXIF and GPS as a phone writes them):
 * "detailed", blurred noise, which compresses worse than any photo (an upper end for the sizes),
 * and "smooth", broad gradients with a sensor's grain (nearer a typical photo). Stores each
 * BENCH_RUNS times (default 5) into an in-memory database (or PostgreSQL with DATABASE_URL: a
 * fresh database on that server) and reports, per run, wall time and the process's CPU time (user
 * + system, all of libvips' threads), and the size of each stored WebP. The first run includes
 * loading sharp. Then renders BENCH_RUNS share cards the same way. Wall time depends on what else
 * the machine runs; CPU time much less.
 */
import sharp from "sharp";
import { openDatabase } from "../server/db/client";
import { storeImage } from "../server/platform/file-storage";
import { renderShareCard } from "../server/content/share-card";
import { createPostgresDatabase } from "../tests/support/test-database";
import { markdownTable, median } from "./bench-stats";

const runs = Number(process.env.BENCH_RUNS ?? 5);

async function photo(kind: "detailed" | "smooth"): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++, i++) {
        const grain = (Math.random() - 0.5) * 12;
        const scene = 128 + 90 * Math.sin(x / (300 + 90 * c) + y / 410) * Math.cos(y / (520 - 70 * c));
        pixels[i] = kind === "detailed" ? (Math.random() * 256) | 0 : Math.max(0, Math.min(255, scene + grain));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(kind === "detailed" ? 1.2 : 0.6)
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2643/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
    })
    .toBuffer();
}

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const postgres = await createPostgresDatabase();
const database = postgres ? await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 2 }) : await openDatabase({ kind: "memory" });
try {
  for (const kind of ["detailed", "smooth"] as const) {
    const jpeg = await photo(kind);
    console.log(`Upload (${kind}): 4000x3000 JPEG, ${(jpeg.byteLength / 1e6).toFixed(2)} MB; database: ${database.kind}\n`);
    const rows: string[][] = [];
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const { result, wallMs, cpuMs } = await measure(() => storeImage(database.db, jpeg, { actorUserId: null }));
      if (!result.ok) throw new Error(result.error);
      const files = await Promise.all(
        result.image.variants.map(async (v) => {
          const [row] = await database.db.query.storedFiles.findMany({ where: (f, { eq }) => eq(f.id, v.id), columns: { byteSize: true } });
          return `${v.width}x${v.height}: ${Math.round(row!.byteSize / 1024)} KiB`;
        }),
      );
      if (run > 1) {
        wall.push(wallMs);
        cpu.push(cpuMs);
      }
      rows.push([String(run), wallMs.toFixed(0), cpuMs.toFixed(0), files.join(", ")]);
    }
    console.log(markdownTable(["run", "wall ms", "CPU ms", "stored WebP sizes"], "rrrl", rows));
    console.log(`\nmedian of runs 2-${runs}: wall ${median(wall).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms\n`);
  }

  const cards: string[][] = [];
  for (let run = 1; run <= runs; run++) {
    const title = run % 2 ? "Five ways AI agents shorten your queue this winter" : "How a regional insurance broker answered every call ".repeat(4);
    const { result, wallMs, cpuMs } = await measure(() => renderShareCard({ title, kicker: "Blog", footer: "AgentDesk · agentdesk.example/blog" }));
    cards.push([String(run), String(title.length), wallMs.toFixed(0), cpuMs.toFixed(0), `${Math.round(result.byteLength / 1024)} KiB`]);
  }
  console.log(markdownTable(["card", "title chars", "wall ms", "CPU ms", "PNG"], "rrrrr", cards));
} finally {
  await database.close();
  await postgres?.drop();
}
