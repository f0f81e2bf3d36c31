import { sql } from "drizzle-orm";
import pg from "pg";
import type { TestApp } from "./test-app";

/**
 * Two connections of a test's own to its app's PostgreSQL database, beside the app's pool, for
 * tests that reach an interleaving of transactions on purpose rather than by timing: `holder`
 * takes locks the app's statements then wait for, `observer` reads pg_stat_activity to see them
 * waiting. `untilWaiting` polls until the app's waiting statements pass `check` (by default: one
 * at least), for at most 10 s.
 */
export async function sideConnections(t: TestApp) {
  const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const holder = new pg.Client({ connectionString: url.toString() });
  const observer = new pg.Client({ connectionString: url.toString() });
  await Promise.all([holder.connect(), observer.connect()]);
  const holderPid = (await holder.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;

  /** The statements of the app's sessions on this database that are waiting for a lock. */
  async function waiting(): Promise<string[]> {
    const { rows: queries } = await observer.query<{ query: string }>(
      `select query from pg_stat_activity
        where datname = current_database() and pid not in (pg_backend_pid(), $1) and wait_event_type = 'Lock'`,
      [holderPid],
    );
    return queries.map((r) => r.query);
  }

  async function untilWaiting(what: string, check: (queries: string[]) => boolean = (queries) => queries.length > 0) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const queries = await waiting();
      if (check(queries)) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}; waiting now: ${JSON.stringify(queries)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    holder,
    untilWaiting,
    close: async () => {
      await holder.end();
      await observer.end();
    },
  };
}
