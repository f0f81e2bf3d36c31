/**
 * `npm run admin:create -- --email <email> --password <password> [--name <name>] [--role admin|moderator|user]`
 *
 * Creates a staff user if absent and gives it a role (admin by default). On the embedded database
 * it refuses while a server holds the data dir (PGlite has no lock of its own); on PostgreSQL it
 * runs beside live servers. There are no default credentials: both values must be given.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { appRoles } from "@shared/schemas/admin";
import { ConfigError, loadConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../logger";
import { createAuth, MIN_NEW_PASSWORD_LENGTH } from "../auth/auth";
import { ensureStaffAccount } from "../admin/staff-accounts";

const usage =
  "Usage: npm run admin:create -- --email <email> --password <password> [--name <name>] [--role admin|moderator|user]";

const argsSchema = z.object({
  email: z.string({ error: "--email is required" }).trim().toLowerCase().email("--email: Invalid email address"),
  password: z
    .string({ error: "--password is required" })
    .min(MIN_NEW_PASSWORD_LENGTH, `--password: must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`)
    .max(128, "--password: must be at most 128 characters"),
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(appRoles, { error: "--role: must be admin, moderator or user" }).default("admin"),
});

function fail(message: string): never {
  process.stderr.write(`admin:create: ${message}\n`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  const args = argsSchema.safeParse(values);
  if (!args.success) fail(`${args.error.issues.map((i) => i.message).join("; ")}\n${usage}`);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);

  let database: Database;
  try {
    database =
      config.database.kind === "postgres"
        ? await openDatabase({ kind: "postgres", url: config.database.url, poolSize: 2 })
        : await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `the embedded database is in use by a running server (pid ${error.ownerPid}, data dir ${config.database.kind === "pglite" ? config.database.dataDir : ""}).\n` +
          "Stop the server, run this command again, then start the server; or use PostgreSQL (DATABASE_URL), where it runs beside live servers.",
      );
    }
    fail(`could not open the database: ${error instanceof Error ? error.message : String(error)}`);
  }

  try {
    const auth = createAuth({ config, database, logger });
    const result = await ensureStaffAccount(auth, database.db, args.data);
    const where = config.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.database.dataDir}`;
    const userLine = result.createdUser
      ? `Created user ${args.data.email} (${result.userId})`
      : `User ${args.data.email} (${result.userId}) already existed; its password was left unchanged`;
    const roleLine = result.grantedRole ? `gave it the ${args.data.role} role` : `it already had the ${args.data.role} role`;
    process.stdout.write(`${userLine}; ${roleLine}. [${where}]\n`);
  } catch (error) {
    fail(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database.close();
  }
}

await main();
