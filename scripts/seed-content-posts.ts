/**
 * Published blog posts for the benchmarks that read the blog (bench-content-pages.ts, and
 * bench-lighthouse / bench-interactions through BENCH_DATA_DIR, see bench-site.ts):
 *
 *   npx tsx scripts/seed-content-posts.ts <empty-or-new-dir> [count=6]
 *
 * makes an embedded-database data dir holding an editor and `count` published posts, each with a
 * cover, tags and a body of about 900 words (headings, lists, a link, a quote, a Book demo block),
 * as the studio stores them (server/content/content-entries.ts). Their slugs are
 * `bench-post-1` ... `bench-post-<count>`, newest last.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createAuth } from "../server/auth/auth";
import { ensureStaffAccount } from "../server/admin/staff-accounts";
import { loadConfig } from "../server/config";
import { publishEntry } from "../server/content/content-entries";
import { openDatabase, type Database } from "../server/db/client";
import { createLogger } from "../server/logger";
import { storeImage } from "../server/platform/file-storage";

export const benchPostSlug = (n: number) => `bench-post-${n}`;

const paragraph =
  "A caller who reaches voicemail at lunch rarely calls back: they ring the next business on the list. " +
  "An agent that answers every call, books the appointment and hands the hard cases to a person keeps that caller, " +
  "and the team sees every conversation in one place the next morning.";

function bodyOf(n: number): string {
  const sections = Array.from({ length: 6 }, (_, i) =>
    [
      `## Part ${i + 1}: what changes when every call is answered`,
      `${paragraph} ${paragraph}`,
      "- Lunch hours and early mornings\n- Peak season, when the queue is longest\n- After-hours emergencies",
      `${paragraph} Read [how pricing works](/pricing) before you start.`,
      `> ${paragraph}`,
      paragraph,
    ].join("\n\n"),
  );
  return [`Post ${n} of the benchmark's blog.`, ...sections, '{% book-demo label="Book demo" /%}'].join("\n\n");
}

/** Publishes `count` posts as a new editor on `database`; their slugs. */
export async function seedPublishedPosts(database: Database, count: number): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: "test" });
  const auth = createAuth({ config, database, logger: createLogger("silent") });
  const { userId } = await ensureStaffAccount(auth, database.db, { email: "bench.editor@example.com", password: "bench-editor-password-1", role: "editor" });
  const actor = { userId, email: "bench.editor@example.com" };
  const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#2f6fdf" } }).jpeg({ quality: 80 }).toBuffer();
  const slugs: string[] = [];
  for (let n = 1; n <= count; n++) {
    const image = await storeImage(database.db, jpeg, { actorUserId: userId });
    if (!image.ok) throw new Error(image.error);
    const slug = benchPostSlug(n);
    const published = await publishEntry(database.db, "post", actor, { id: null, baseVersion: 0 }, {
      title: `Answering every call, part ${n}`,
      slug,
      summary: "What a small business gains when no call goes to voicemail, and how to get there in a week.",
      body: bodyOf(n),
      cover: { imageId: image.image.id, alt: "A support desk with headsets" },
      tags: ["customer-service", n % 2 ? "small-business" : "contact-centre"],
      authorUserId: null,
    });
    if (!published.ok) throw new Error(published.error);
    slugs.push(slug);
  }
  return slugs;
}

/** An embedded-database data dir at `dataDir`, migrated, holding `count` published posts. */
export async function seedPostsDataDir(dataDir: string, count: number): Promise<string[]> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await seedPublishedPosts(database, count);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [dir, count = "6"] = process.argv.slice(2);
  if (!dir || (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)) {
    console.error("Usage: npx tsx scripts/seed-content-posts.ts <empty-or-new-dir> [count=6]");
    process.exit(2);
  }
  const slugs = await seedPostsDataDir(path.resolve(dir), Number(count));
  console.log(`Published ${slugs.length} posts in ${dir}: /blog/${slugs.at(-1)} is the newest`);
}
