import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Creating an embedded database from nothing (PGlite's initdb, then our migrations) takes 4-8 s
 * on this 2-core machine; most tests only need *a* migrated database, not the first start. So the
 * first test that needs one makes it once, the way the server does, and caches it on disk; later
 * ones start from a copy:
 *
 * - migratedDataDir(): a data dir made by the server's own openDatabase({ kind: "pglite" }) and
 *   closed cleanly (CHECKPOINT, lock released). Spawned servers start from a copy of it.
 * - migratedDump(): an in-memory database migrated with the same migrations, dumped with
 *   PGlite's dumpDataDir(); in-process API tests load it with `loadDataDir`.
 *
 * Both are keyed by the PGlite version and the contents of drizzle/, so a new migration makes new
 * templates, and the ones of other keys (older migrations) are deleted. They live beside the type
 * check's and lint's caches in node_modules/.cache, outside the temporary folder that npm test
 * empties after each run (scripts/test.sh). Concurrent workers may build the same template; the
 * first rename wins.
 * Tests about a first start on an empty folder ask for a fresh folder instead (spawnServer's
 * `fresh`, tempDataDir()).
 */
const root = path.resolve(import.meta.dirname, "../..");
const migrationsFolder = path.join(root, "drizzle");
const cacheDir = path.join(root, "node_modules/.cache/agentdesk-test-templates");

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

let key: string | null = null;
function templateKey(): string {
  if (key) return key;
  const hash = crypto.createHash("sha256");
  const pglite = JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(fs.readFileSync(file));
  }
  key = hash.digest("hex").slice(0, 16);
  pruneOtherKeys(key);
  return key;
}

/**
 * Deletes the templates of other keys, which no test of this tree can use. Only those untouched
 * for an hour: a checkout beside this one sharing node_modules may be using its own right now.
 */
function pruneOtherKeys(current: string) {
  if (!fs.existsSync(cacheDir)) return;
  const anHourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (name.includes(current) || fs.statSync(file).mtimeMs > anHourAgo) continue;
    fs.rmSync(file, { recursive: true, force: true });
  }
}

/** What this process is building now, so that callers at the same time share one build. */
const building = new Map<string, Promise<string>>();

/** Builds `target` with `make(tmpPath)` unless it exists; safe when several processes race. */
function cached(target: string, make: (tmp: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(target)) return Promise.resolve(target);
  let build = building.get(target);
  if (!build) {
    build = buildOnce(target, make).finally(() => building.delete(target));
    building.set(target, build);
  }
  return build;
}

async function buildOnce(target: string, make: (tmp: string) => Promise<void>): Promise<string> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = `${target}.tmp-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    await make(tmp);
    try {
      fs.renameSync(tmp, target);
    } catch (error) {
      // Another process finished first (ENOTEMPTY/EEXIST for a folder): use theirs.
      if (!fs.existsSync(target)) throw error;
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return target;
}

/** A migrated embedded-database data dir (read-only template: copy it, never open it). */
export function migratedDataDir(): Promise<string> {
  return cached(path.join(cacheDir, `datadir-${templateKey()}`), async (tmp) => {
    const { openDatabase } = await import("../../server/db/client");
    const database = await openDatabase({ kind: "pglite", dataDir: tmp });
    await database.close();
    if (fs.existsSync(path.join(tmp, ".server.lock"))) throw new Error("template data dir still locked after close");
  });
}

/** A template derived from the migrated one: `make` changes a copy of it and closes it cleanly. */
export type TemplateVariant = { name: string; make: (dataDir: string) => Promise<void> };

/**
 * The cached template data dir: the migrated one, or, with `variant`, one derived from it once by
 * `variant.make` and cached under `variant.name` like the others: the end-to-end servers' staff
 * accounts, say, whose password hashing and database start cost seconds of CPU per server when
 * made afresh each run. Read-only: copy it, never open it.
 */
export async function templateDataDir(variant?: TemplateVariant): Promise<string> {
  const base = await migratedDataDir();
  if (!variant) return base;
  return cached(path.join(cacheDir, `datadir-${templateKey()}-${variant.name}`), async (tmp) => {
    fs.cpSync(base, tmp, { recursive: true });
    await variant.make(tmp);
  });
}

/** Copies into `dataDir` (which must be empty or absent) the migrated template or a variant of it. */
export async function seedDataDir(dataDir: string, variant?: TemplateVariant): Promise<void> {
  fs.cpSync(await templateDataDir(variant), dataDir, { recursive: true });
}

/** A tarball of a migrated in-memory database, for PGlite.create({ loadDataDir }). */
export function migratedDump(): Promise<string> {
  return cached(path.join(cacheDir, `memory-${templateKey()}.tar`), async (tmp) => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create();
    try {
      await migrate(drizzle(client), { migrationsFolder });
      const dump = await client.dumpDataDir("none");
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  });
}

/**
 * A copy of drizzle/ in `dir` whose journal stops before the first migration whose tag contains
 * `tag`: the schema as the release before that migration left it, for the tests of a migration.
 */
export function migrationsBefore(tag: string, dir: string): string {
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.includes(tag));
  if (upTo < 0) throw new Error(`no migration whose tag contains ${tag} in drizzle/`);
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A tarball of an in-memory database migrated with migrationsBefore(tag): where a migration's test
 * starts, made once and cached like migratedDump(). Loading it costs a few tenths of a second;
 * PGlite's initdb and the migrations before `tag` cost 3-6 CPU-s a test file. The migration under
 * test, and every one after it, still runs in the test.
 */
export function migratedDumpBefore(tag: string): Promise<string> {
  return cached(path.join(cacheDir, `memory-${templateKey()}-before-${tag.replace(/[^a-z0-9]+/gi, "-")}.tar`), async (tmp) => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
    const client = await PGlite.create();
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsBefore(tag, folder) });
      const dump = await client.dumpDataDir("none");
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
}

export { migrationsFolder };
