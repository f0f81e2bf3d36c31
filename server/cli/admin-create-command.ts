/**
 * The `admin:create` command (its entry point is server/cli/admin-create.ts), given its
 * arguments, environment and standard streams, so that it also runs inside a test process:
 * `npm run admin:create -- --email <email> [--name <name>] [--role admin|moderator|editor|user]`
 *
 * Creates a staff user if absent and gives it a role (admin by default). On PostgreSQL it runs
 * beside live servers. On the embedded database, which a running server holds alone (PGlite has no
 * lock of its own), it asks that server to do the same work over the data dir's control socket
 * (server/cli/control-socket.ts), so the first account needs no stop; with no server running it
 * opens the database itself. There are no default credentials.
 *
 * The password never goes on the command line, where `ps` and shell history keep it
 * (docs/decisions/0612): it is ADMIN_PASSWORD when that is set; otherwise it is asked for on the
 * terminal without echo (twice, for a new account; not at all for an existing one, whose password
 * is left unchanged); otherwise it is the first line of standard input (a pipe).
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { appRoles } from "@shared/schemas/admin";
import { ConfigError, loadConfig, type AppConfig } from "../config";
import { openDatabase, type Database, type DatabaseOptions } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { users } from "../db/schema";
import { createLogger, type Logger } from "../logger";
import { redactText, redactUrlCredentials, serializeError, type LoggedError } from "../log-redaction";
import { createAuth, MIN_NEW_PASSWORD_LENGTH } from "../auth/auth";
import { ensureStaffAccount } from "../admin/staff-accounts";
import { askHidden, readFirstLine } from "./read-password";
import { ControlSocketError, requestOverControlSocket } from "./control-socket";

const usage = [
  "Usage: npm run admin:create -- --email <email> [--name <name>] [--role admin|moderator|editor|user]",
  "The password is ADMIN_PASSWORD when it is set; otherwise it is asked for on the terminal,",
  "or read as one line from standard input: printf '%s\\n' \"$PASSWORD\" | npm run admin:create -- --email <email>",
].join("\n");

const passwordSources = {
  env: "ADMIN_PASSWORD",
  stdin: "the password read from standard input",
  terminal: "the password",
} as const;

const argsSchema = z.object({
  email: z.string({ error: "--email is required" }).trim().toLowerCase().email("--email: Invalid email address"),
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(appRoles, { error: "--role: must be admin, moderator, editor or user" }).default("admin"),
});

/** The same rules as before, named after where the password came from. */
function passwordProblem(password: string, source: string): string | null {
  const result = z
    .string()
    .min(MIN_NEW_PASSWORD_LENGTH, `${source}: must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`)
    .max(128, `${source}: must be at most 128 characters`)
    .safeParse(password);
  return result.success ? null : result.error.issues.map((i) => i.message).join("; ");
}

/** What the command reads and writes: the process's own in the entry point. */
export type CommandIo = {
  /** The environment; ADMIN_PASSWORD is deleted from it once read. */
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
  /** Opens the database the configuration names: openDatabase, unless a test gives one it holds open. */
  openDatabase?: (options: DatabaseOptions) => Promise<Database>;
};

/** Ends the command with exit code 1 and `message` on stderr (see adminCreate). */
class CommandFailure extends Error {}

function fail(message: string): never {
  throw new CommandFailure(message);
}

/** The password from the environment or a pipe, read before the database is opened. */
async function passwordWithoutTerminal(io: CommandIo): Promise<string | null> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined) {
    // Nothing this process starts needs it.
    delete io.env.ADMIN_PASSWORD;
    const problem = passwordProblem(fromEnv, passwordSources.env);
    if (problem) fail(problem);
    return fromEnv;
  }
  if (io.stdin.isTTY) return null;
  const line = await readFirstLine(
    io.stdin,
    "admin:create: waiting for the password as one line on standard input (or set ADMIN_PASSWORD)\n",
  );
  if (line === null || line === "") {
    fail(
      "no password given: ADMIN_PASSWORD is not set, standard input is not a terminal to ask on, and it held no line.\n" +
        `Set ADMIN_PASSWORD, or pipe the password as one line on standard input.\n${usage}`,
    );
  }
  const problem = passwordProblem(line, passwordSources.stdin);
  if (problem) fail(problem);
  return line;
}

/** Asks twice on the terminal until both answers agree and pass the rules (three tries). */
async function passwordFromTerminal(io: CommandIo, email: string): Promise<string | { failure: string }> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const first = await askHidden(`Password for the new account ${email}: `, io.stdin, io.stderr);
    if (first === null) return { failure: "no password given; nothing was created" };
    const problem = passwordProblem(first, passwordSources.terminal);
    if (problem) {
      io.stderr.write(`${problem}\n`);
      continue;
    }
    const again = await askHidden("The same password again: ", io.stdin, io.stderr);
    if (again === null) return { failure: "no password given; nothing was created" };
    if (again === first) return first;
    io.stderr.write("The two passwords differ.\n");
  }
  return { failure: "no password agreed on after three tries; nothing was created" };
}

/**
 * On a terminal: asked for when the account is new. An existing account keeps its password, so
 * there is nothing to ask; accounts are never deleted, so it cannot vanish before
 * ensureStaffAccount looks again, and were it to, the new account would get a random password
 * nobody knows rather than a known one.
 */
async function passwordAskedFor(io: CommandIo, database: Database, email: string): Promise<string | { failure: string }> {
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return existing ? crypto.randomBytes(32).toString("base64url") : passwordFromTerminal(io, email);
}

/**
 * An error as this command prints it: messages and codes down the cause chain, as the logs have
 * them (a failed insert's message would otherwise carry its values, the password hash among them).
 */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return redactText(String(error));
  const parts: string[] = [];
  for (let e: LoggedError | string | undefined = serializeError(error); e; e = typeof e === "string" ? undefined : e.cause) {
    if (typeof e === "string") parts.push(e);
    else parts.push(e.code !== undefined ? `${e.message} (${e.code})` : e.message);
  }
  return parts.join(": ");
}

/** What the command asks a running server on the embedded database to do (serveAdminCreate). */
const controlRequestSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("lookup"), email: argsSchema.shape.email }),
  argsSchema.extend({ op: z.literal("ensure-staff"), password: z.string() }),
]);

const controlAnswerSchema = z.union([
  z.object({ ok: z.literal(true), exists: z.boolean() }),
  z.object({ ok: z.literal(true), userId: z.string(), createdUser: z.boolean(), grantedRole: z.boolean() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/**
 * The running server's side of `admin:create` on the embedded database: the same checks (the
 * arguments' schema, the password rules) and the same work and audit (ensureStaffAccount) as the
 * command does with the database in hand. Its answers never hold the password.
 */
export function serveAdminCreate(deps: { config: AppConfig; database: Database; logger: Logger }) {
  let auth: ReturnType<typeof createAuth> | undefined;
  return async (raw: unknown) => {
    const request = controlRequestSchema.safeParse(raw);
    if (!request.success) return { ok: false, error: request.error.issues.map((i) => i.message).join("; ") };
    const { data } = request;
    if (data.op === "lookup") {
      const [existing] = await deps.database.db.select({ id: users.id }).from(users).where(eq(users.email, data.email)).limit(1);
      return { ok: true, exists: Boolean(existing) };
    }
    const problem = passwordProblem(data.password, passwordSources.terminal);
    if (problem) return { ok: false, error: problem };
    auth ??= createAuth(deps);
    const { op: _op, ...input } = data;
    return { ok: true, ...(await ensureStaffAccount(auth, deps.database.db, input)) };
  };
}

/** One request to the server holding the embedded database, its answer checked. */
async function askRunningServer(dataDir: string, request: z.input<typeof controlRequestSchema>) {
  const answer = controlAnswerSchema.safeParse(await requestOverControlSocket(dataDir, request));
  if (!answer.success) fail("the running server gave an answer this command does not understand: are both the same version?");
  if (!answer.data.ok) fail(answer.data.error === "failed" ? "failed in the running server: see its log" : answer.data.error);
  return answer.data;
}

/**
 * The command's work done by the running server that holds the embedded database: the password
 * is the one given, else asked for on the terminal when the account is new, as without a server.
 */
async function throughRunningServer(io: CommandIo, args: z.infer<typeof argsSchema>, dataDir: string, ownerPid: number, givenPassword: string | null) {
  let password = givenPassword;
  if (password === null) {
    const lookup = await askRunningServer(dataDir, { op: "lookup", email: args.email });
    if (!("exists" in lookup)) fail("the running server gave an answer this command does not understand");
    if (lookup.exists) password = crypto.randomBytes(32).toString("base64url");
    else {
      const asked = await passwordFromTerminal(io, args.email);
      if (typeof asked !== "string") fail(asked.failure);
      password = asked;
    }
  }
  const result = await askRunningServer(dataDir, { op: "ensure-staff", ...args, password });
  if (!("userId" in result)) fail("the running server gave an answer this command does not understand");
  io.stdout.write(`${resultLine(args, result)} [embedded database in ${dataDir}, through the running server (pid ${ownerPid})]\n`);
}

function resultLine(args: z.infer<typeof argsSchema>, result: { userId: string; createdUser: boolean; grantedRole: boolean }) {
  const userLine = result.createdUser
    ? `Created user ${args.email} (${result.userId})`
    : `User ${args.email} (${result.userId}) already existed; its password was left unchanged`;
  const roleLine = result.grantedRole ? `gave it the ${args.role} role` : `it already had the ${args.role} role`;
  return `${userLine}; ${roleLine}.`;
}

/**
 * Runs the command with `argv` (the words after the command's name); answers its exit code: 0,
 * or 1 with the reason on stderr. (Ctrl-C at a password prompt exits the process with 130.)
 */
export async function adminCreate(argv: string[], io: CommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandFailure)) throw error;
    // A refused DATABASE_URL is printed by the configuration: never with its password.
    io.stderr.write(`admin:create: ${redactUrlCredentials(error.message)}\n`);
    return 1;
  }
}

async function run(argv: string[], io: CommandIo) {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        // Known only to refuse it: an unknown option would be reported with its value.
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (values.password !== undefined) {
    fail(
      "--password is no longer accepted: on the command line a password shows in `ps` and stays in shell history.\n" +
        `Set ADMIN_PASSWORD instead, pipe the password as one line on standard input, or run on a terminal to be asked for it.\n${usage}`,
    );
  }
  if (positionals.length > 0) {
    // Not echoed: a stray word here is most often a password typed after the wrong option.
    fail(`takes no arguments besides its options (${positionals.length} given, not shown)\n${usage}`);
  }
  const args = argsSchema.safeParse(values);
  if (!args.success) fail(`${args.error.issues.map((i) => i.message).join("; ")}\n${usage}`);

  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const givenPassword = await passwordWithoutTerminal(io);
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);

  const open = io.openDatabase ?? openDatabase;
  let database: Database;
  try {
    database =
      config.database.kind === "postgres"
        ? await open({ kind: "postgres", url: config.database.url, poolSize: 2 })
        : await open({ kind: "pglite", dataDir: config.database.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError && config.database.kind === "pglite") {
      const { dataDir } = config.database;
      try {
        return await throughRunningServer(io, args.data, dataDir, error.ownerPid, givenPassword);
      } catch (socketError) {
        if (!(socketError instanceof ControlSocketError)) throw socketError;
        // A server of an older version, or one whose data dir path is too long for a socket.
        fail(
          `the embedded database is in use by a running server (pid ${error.ownerPid}, data dir ${dataDir}), and ${socketError.message}.\n` +
            "Stop the server, run this command again, then start the server; or use PostgreSQL (DATABASE_URL), where it runs beside live servers.",
        );
      }
    }
    fail(`could not open the database: ${describeError(error)}`);
  }

  let failure: string | null = null;
  try {
    const password = givenPassword ?? (await passwordAskedFor(io, database, args.data.email));
    if (typeof password !== "string") {
      failure = password.failure;
    } else {
      const auth = createAuth({ config, database, logger });
      const result = await ensureStaffAccount(auth, database.db, { ...args.data, password });
      const where = config.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.database.dataDir}`;
      io.stdout.write(`${resultLine(args.data, result)} [${where}]\n`);
    }
  } catch (error) {
    failure = `failed: ${describeError(error)}`;
  } finally {
    await database.close();
  }
  if (failure) fail(failure);
}
