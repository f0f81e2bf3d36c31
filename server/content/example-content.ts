import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { contentEntries } from "../db/schema";

/**
 * The seeded example content still on the site (decision 0906): published entries whose live copy
 * carries the seed's `example` mark, which no editor's write keeps. A production start refuses
 * them, as it refuses the example settings (server/config.ts), unless ALLOW_IN_PRODUCTION names
 * example-content. One line per entry, for the operator.
 */
export async function publishedExamples(db: Db): Promise<string[]> {
  const rows = await db
    .select({ kind: contentEntries.kind, title: contentEntries.title })
    .from(contentEntries)
    .where(
      and(
        inArray(contentEntries.kind, ["testimonial", "story"]),
        isNotNull(contentEntries.published),
        eq(sql`${contentEntries.published}->>'example'`, "true"),
      ),
    )
    .orderBy(contentEntries.kind, contentEntries.title);
  return rows.map((row) => `${row.kind === "story" ? "customer story" : "testimonial"} "${row.title}"`);
}

/**
 * Why a production start refuses the published content, or null: the examples nobody replaced,
 * and what to do about them.
 */
export async function exampleContentRefusal(config: Pick<AppConfig, "env" | "allowInProduction">, db: Db): Promise<string | null> {
  if (config.env !== "production" || config.allowInProduction.includes("example-content")) return null;
  const examples = await publishedExamples(db);
  if (examples.length === 0) return null;
  return [
    "Example content is published:",
    ...examples.map((line) => `  ${line}: still the seeded example`),
    "Replace or unpublish each in the studio (/admin/content, Testimonials), starting once with",
    "ALLOW_IN_PRODUCTION=example-content to reach it; or add example-content to ALLOW_IN_PRODUCTION.",
  ].join("\n");
}
