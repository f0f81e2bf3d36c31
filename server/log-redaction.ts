/**
 * What may reach a log line (docs/decisions/0612). Errors are logged by an allow-list of fields,
 * never by copying them: a failed query's error carries the query's values (drizzle's message
 * "Failed query: ... params: <values>" and its `.params`, the driver error's own `.params`,
 * PostgreSQL's `detail` "Key (work_email)=(…) already exists" and `where` "unnamed portal
 * parameter $1 = '…'"), and a URL error's `input` is the whole URL with its password. Every string
 * that is logged loses the password of any URL in it and any e-mail address.
 */

/** Keys whose values are secrets at any depth of a logged object. */
const SECRET_KEY = /passw(?:or)?d|^pass$|^pwd$|secret|token|cookie|authori[sz]ation|api[-_]?key|credential|private[-_]?key/i;

const REDACTED = "[redacted]";
const MAX_DEPTH = 8;
const MAX_CAUSES = 6;
const MAX_ITEMS = 50;
const MAX_QUERY_CHARS = 2_000;

/** A URL's user part as shown: the user name when it is plainly one, never the password. */
function shownUserinfo(userinfo: string): string {
  const colon = userinfo.indexOf(":");
  const user = colon === -1 ? "" : userinfo.slice(0, colon);
  return user && !/[\s/@?#"'<>`\\]/.test(user) ? `${user}:${REDACTED}` : REDACTED;
}

/** Schemes whose URLs carry a password, also when written without `//` (`postgres:user:pass@host`). */
const SCHEME_WITHOUT_SLASHES = /\b(?:postgres|postgresql|smtps?|mysql|redis|amqps?|mongodb):(?!\/\/)[^\s"'<>`:/@]*:/i;

/**
 * Where the user part's `//` is, before `at`: the first `//` followed by something (a URL's user
 * part starts at once, so `postgres:// or postgresql:// (got "postgres://…")` in a message is
 * prose until the third), else the first `//` at all; -1 when there is none.
 */
function urlStart(line: string, at: number): number {
  const first = line.indexOf("//");
  if (first === -1 || first > at) return -1;
  for (let i = first; i !== -1 && i < at; i = line.indexOf("//", i + 2)) {
    if (!/\s/.test(line[i + 2] ?? " ")) return i;
  }
  return first;
}

/**
 * One line (or one value): everything between the URL's `//` (urlStart) and the last `@` is the user part,
 * whatever it holds (quotes, angle brackets, spaces, `/`, `#`, `@`), as a person who pasted a
 * password into it meant it. `scheme://user:password@host` keeps the user name; a user part
 * without one (`scheme://token@host`: access tokens, redis) is redacted whole.
 */
function redactUserinfo(line: string): string {
  const at = line.lastIndexOf("@");
  if (at === -1) return line;
  const slashes = urlStart(line, at);
  if (slashes !== -1) return `${line.slice(0, slashes + 2)}${shownUserinfo(line.slice(slashes + 2, at))}${line.slice(at)}`;
  const bare = SCHEME_WITHOUT_SLASHES.exec(line.slice(0, at));
  return bare ? `${line.slice(0, bare.index + bare[0].length)}${REDACTED}${line.slice(at)}` : line;
}

/**
 * Every URL password in a log text: `scheme://user:password@host` -> `scheme://user:[redacted]@host`,
 * also when the URL is malformed. A URL ends at the end of its line (a URL holds no raw line
 * break; a logged value that did is JSON-escaped onto one line), and within a line its user part
 * runs to the line's last `@`: quotes and angle brackets do not end it, because a password may
 * hold them and a message may quote the URL. A line with an `@` after a URL, or two URLs, is
 * over-redacted from the first URL's `//` to the last `@`, which costs a little of the line and
 * nothing else. Linear in the text's length whatever it holds (no backtracking pattern).
 */
export function redactUrlCredentials(text: string): string {
  if (!text.includes("@")) return text;
  // split keeps the captured line breaks at the odd indexes.
  return text
    .split(/(\r\n|\n|\r)/)
    .map((part, i) => (i % 2 === 0 ? redactUserinfo(part) : part))
    .join("");
}

/**
 * A configuration value that is one URL, as a refusal may print it: the whole value is one line
 * (a raw line break in it does not end it), and a value without `//` whose `@` follows a colon
 * (`user:password@host`) loses everything before its last `@`.
 */
export function redactUrlValue(value: string): string {
  const at = value.lastIndexOf("@");
  if (at === -1) return value;
  if (value.indexOf("//") !== -1 && value.indexOf("//") < at) return redactUserinfo(value);
  return value.slice(0, at).includes(":") ? `${REDACTED}${value.slice(at)}` : value;
}

/** Any e-mail address (not the `user@` of a URL's credentials, already handled above). */
export function redactEmailAddresses(text: string): string {
  if (!text.includes("@")) return text;
  return text.replace(/(?<![\p{L}\p{N}._%+-]|:\/\/)[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu, "[email]");
}

/** drizzle's "Failed query: <sql>\nparams: <values>", wherever a message was copied into a string. */
function redactQueryParams(text: string): string {
  if (!text.includes("params: ")) return text;
  return text.replace(/(Failed query: [\s\S]*?\n)params: [^\n]*/g, `$1params: ${REDACTED}`);
}

export function redactText(text: string): string {
  return redactEmailAddresses(redactUrlCredentials(redactQueryParams(text)));
}

/** What a logged error becomes. */
export type LoggedError = {
  type: string;
  name?: string;
  message: string;
  code?: string | number;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  query?: string;
  errno?: number;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
  status?: string | number;
  statusCode?: number;
  errors?: LoggedError[];
  cause?: LoggedError | string;
  stack?: string;
};

type AnyError = Error & Record<string, unknown>;

const SQLSTATE = /^[0-9A-Z]{5}$/;
/**
 * SQLSTATE classes whose messages speak of the statement, the connection or the server, never of
 * a row's values (connection, feature, transaction state, authorization, catalog, schema,
 * rollback, syntax and access, resources, limits, prerequisites, operator, system, internal):
 * logged as they are. Any other class (data exceptions 22, integrity constraints 23, raised
 * exceptions, anything unknown) quotes values: its quoted words are logged only when they are the
 * error's own schema, table, column, type or constraint name.
 */
const MESSAGE_ABOUT_STATEMENT = /^(?:08|0A|25|28|2D|3D|3F|40|42|53|54|55|57|58|XX)/;

function isDatabaseError(error: AnyError): boolean {
  return typeof error.code === "string" && SQLSTATE.test(error.code) && ("severity" in error || "routine" in error);
}

/** drizzle's DrizzleQueryError (matched by shape, which survives a second copy of the package). */
function isDrizzleQueryError(error: AnyError): boolean {
  return typeof error.query === "string" && "params" in error && error.message.startsWith("Failed query:");
}

function databaseMessage(error: AnyError): string {
  const message = String(error.message ?? "");
  if (MESSAGE_ABOUT_STATEMENT.test(String(error.code))) return redactText(message);
  const names = new Set([error.schema, error.table, error.column, error.dataType, error.constraint].filter((v) => typeof v === "string"));
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : `"${REDACTED}"`));
}

/** The stack's frames only: its first lines repeat the message, which may hold what we withhold. */
function stackFrames(error: Error): string | undefined {
  if (typeof error.stack !== "string") return undefined;
  const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.map((frame) => redactText(frame)).join("\n") : undefined;
}

function copyString<K extends keyof LoggedError>(out: LoggedError, key: K, value: unknown) {
  if (typeof value === "string" && value.length <= 200) (out as Record<string, unknown>)[key] = redactText(value);
}

function copyNumber<K extends keyof LoggedError>(out: LoggedError, key: K, value: unknown) {
  if (typeof value === "number" && Number.isFinite(value)) (out as Record<string, unknown>)[key] = value;
}

/**
 * An error as the logs may hold it: its class, a message without values, the database's SQLSTATE
 * and the names of what it concerns, a system error's code and call, its cause chain and
 * AggregateError members the same way, and its stack frames.
 */
export function serializeError(error: Error, depth = 0): LoggedError {
  const e = error as AnyError;
  const type = (typeof e.constructor === "function" && e.constructor.name) || "Error";
  const out: LoggedError = { type, message: "" };
  if (typeof e.name === "string" && e.name !== type && e.name !== "Error") out.name = e.name;

  if (isDatabaseError(e)) {
    out.message = databaseMessage(e);
    out.code = e.code as string;
    for (const key of ["severity", "schema", "table", "column", "dataType", "constraint", "routine"] as const) copyString(out, key, e[key]);
  } else if (isDrizzleQueryError(e)) {
    out.message = "Failed query (its parameters are not logged)";
  } else {
    // A message that quotes a failed query's (drizzle's, wrapped by a library) keeps its SQL only.
    out.message = redactText(String(e.message ?? "").replace(/\bparams: [^\n]*/g, `params: ${REDACTED}`));
    if (typeof e.code === "string" || typeof e.code === "number") out.code = typeof e.code === "string" ? redactText(e.code) : e.code;
    copyNumber(out, "errno", e.errno);
    copyString(out, "syscall", e.syscall);
    copyString(out, "address", e.address);
    copyNumber(out, "port", e.port);
    copyString(out, "hostname", e.hostname);
    if (typeof e.status === "number" || (typeof e.status === "string" && /^[A-Z_]{1,40}$/.test(e.status))) out.status = e.status;
    copyNumber(out, "statusCode", e.statusCode);
  }
  // The statement's text holds placeholders ($1), not values (drizzle and our compiled statements
  // send every value as a parameter).
  if (typeof e.query === "string") out.query = e.query.slice(0, MAX_QUERY_CHARS);

  if (depth < MAX_CAUSES) {
    if (Array.isArray(e.errors)) {
      out.errors = e.errors.slice(0, 5).map((member) => (member instanceof Error ? serializeError(member, depth + 1) : { type: typeof member, message: "" }));
    }
    if (e.cause instanceof Error) out.cause = serializeError(e.cause, depth + 1);
    else if (typeof e.cause === "string") out.cause = redactText(e.cause);
    else if (e.cause !== undefined && e.cause !== null) out.cause = `[${typeof e.cause}]`;
  }
  const stack = stackFrames(e);
  if (stack) out.stack = stack;
  return out;
}

function isPlainData(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged value as the logs may hold it: errors serialized as above at any depth,
 * secret-named keys redacted, every string without URL passwords and e-mail addresses.
 */
export function scrubLogValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return serializeError(value);
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[binary, ${value.byteLength} bytes]`;
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[too deep]";
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => scrubLogValue(item, depth + 1, seen));
    if (value instanceof Map) return scrubLogValue(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return scrubLogValue([...value], depth, seen);
    if (!isPlainData(value) && typeof (value as { toJSON?: unknown }).toJSON === "function") {
      return scrubLogValue((value as { toJSON: () => unknown }).toJSON(), depth + 1, seen);
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : scrubLogValue(item, depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}
