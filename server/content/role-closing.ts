import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentEntries, contentRevisions } from "../db/schema";
import { writeAudit } from "../platform/audit-log";
import { contentChanged } from "./content-entries";

/** Who the audit log names for a role that closed by itself. */
export const ROLE_CLOSING_ACTOR = "closing date";

/**
 * A published role's closing date as a time, or null when its copy holds none a time can be read
 * from: a CASE, so that one malformed row can never make the cast fail the tick for every row.
 */
const closesAt = sql`(case when ${contentEntries.published}->>'closesAt' ~ '^\\d{4}-\\d\\d-\\d\\dT[0-9:.]+(Z|[+-]\\d\\d:\\d\\d)$' then (${contentEntries.published}->>'closesAt')::timestamptz end)`;

/** Whether a live role's closing date has come (the content tick asks before it claims one). */
export const expiredRoleDue = (now: Date) =>
  sql<boolean>`exists (select 1 from ${contentEntries} where ${contentEntries.kind} = 'role' and ${contentEntries.published} is not null and ${closesAt} <= ${now.toISOString()}::timestamptz)`;

/**
 * Takes every live role whose closing date has come off the site (docs/decisions/0905), once
 * across instances, like publishDueEntries: each is claimed with SKIP LOCKED and unpublished in
 * its own transaction, by the same tick that publishes scheduled entries (server/content/
 * site-content.ts), so it happens whether or not anyone is signed in. Its live copy goes; the
 * draft stays for the studio (a new closing date and Publish open it again). content_state's
 * version moves, so every instance renders /careers, the role's page and the sitemap again.
 * Answers how many closed.
 */
export async function closeExpiredRoles(db: Db, now = new Date()): Promise<number> {
  let closed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(contentEntries)
        .where(and(eq(contentEntries.kind, "role"), isNotNull(contentEntries.published), sql`${closesAt} <= ${now.toISOString()}::timestamptz`))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      // A scheduled next copy keeps its time: it goes live then if its own closing date allows.
      const [row] = await tx
        .update(contentEntries)
        .set({ status: due.status === "scheduled" ? "scheduled" : "draft", published: null, publishedSlug: null, version: due.version + 1, updatedAt: sql`now()` })
        .where(eq(contentEntries.id, due.id))
        .returning({ version: contentEntries.version });
      await tx.insert(contentRevisions).values({ entryId: due.id, version: row!.version, action: "close", draft: due.draft, createdBy: null });
      await contentChanged(tx);
      const closesAtText = (due.published as { closesAt?: unknown }).closesAt;
      await writeAudit(tx, { userId: null, email: ROLE_CLOSING_ACTOR }, {
        action: "content.unpublish",
        target: due.id,
        details: { kind: "role", slug: due.publishedSlug, closed: true, closesAt: typeof closesAtText === "string" ? closesAtText : null },
      });
      return true;
    });
    if (!done) return closed;
    closed++;
  }
}
