import fc from "fast-check";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { TestApp } from "../support/test-app";

/*
 * Property-based fuzzing of the public inputs (docs/decisions/0401-test-architecture.md).
 * One fixed seed so a run is repeatable; FUZZ_SEED picks another. Each property declares its full
 * number of runs. `npm test` does not run them (its API tests cover each endpoint by hand); CI's
 * PostgreSQL pass (`npm run test:database`) runs them at full depth on PostgreSQL, then the first
 * fifth of each property on the embedded database (FUZZ_DEPTH=quick: the same seed draws the same
 * cases in the same order, so a quick run is a prefix of the full one). Run them locally with
 * `npx vitest run --project fast tests/fuzz`; FUZZ_RUNS sets every property's number of runs
 * (scale up: FUZZ_RUNS=5000).
 * On failure fast-check reports the seed, the path and the shrunk counterexample, which replay it.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 1337);
const FUZZ_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const QUICK_SHARE = 0.2;
const share = process.env.FUZZ_DEPTH === "quick" ? QUICK_SHARE : 1;
fc.configureGlobal({ seed: FUZZ_SEED });

/** Options for one property: its full run count (a share of it in a quick run) unless FUZZ_RUNS says otherwise. */
export function runs(numRuns: number): fc.Parameters<unknown> {
  return { numRuns: FUZZ_RUNS ?? Math.max(1, Math.ceil(numRuns * share)), seed: FUZZ_SEED };
}

/** How often a property of full depth must reach a branch, scaled to this run's depth (a generator's proof of reach). */
export function reachedAtDepth(count: number): number {
  return Math.floor(count * share);
}

/**
 * A property that finds a known, not yet fixed defect: expected to fail so the suite stays green
 * while the fix is made elsewhere. FUZZ_STRICT=1 runs it as a normal test, to see whether it
 * passes now (then drop the marker).
 */
export const knownDefect = process.env.FUZZ_STRICT ? test : test.fails;

export const PUBLIC_URL = "http://localhost:3000";

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Characters that have broken parsers, logs, e-mails and redirects before. */
const nastyChars = [
  "\u0000", "\t", "\n", "\r", "\r\n", "\u000b", "\u001b", "\u007f", "\u0085", "\u00a0",
  "\u200b", "\u200e", "\u202a", "\u202e", "\u2066", "\u2069", "\u2028", "\u2029", "\ufeff", "\ufffd",
  "\ud800", "\udfff", "😀", "👩‍💻", "Å", "Zoë", "ﷺ", "𝕏",
  "\\", "/", "//", "%", "%00", "%0d%0a", "%5C", "'", '"', "`", "<", ">", "&", ";", ",", "=", "?", "#",
  "<script>alert(1)</script>", "${7*7}", "{{7*7}}", "' OR 1=1 --", "\"; DROP TABLE audit_log; --",
  "__proto__", "constructor", "prototype", "toString", "NaN", "Infinity", "-0", "1e309", "null", "undefined",
];

/** Text made of printable, unicode, control and markup pieces, sometimes very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 4, arbitrary: fc.array(fc.oneof(fc.constantFrom(...nastyChars), fc.string({ maxLength: 6 })), { maxLength: 8 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "é", "😀", "\u202e", " "), fc.integer({ min: 100, max: 40_000 })).map(([c, n]) => c.repeat(n)) },
);

/** Object keys an attacker would try. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "", " ", "website", "attribution"),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, nested, with hostile strings and keys (including __proto__ and constructor). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e21, -1e21),
    hostileString,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/**
 * A body with the form's real field names: the valid values, with up to three fields replaced by
 * hostile ones (wrong type, huge, unicode, control characters, nested, absent), sometimes extra
 * keys, sometimes own "__proto__" and "constructor" keys (prototype pollution).
 */
export function formBody(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const hostile = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc
    .tuple(
      fc.subarray(keys, { maxLength: Math.min(3, keys.length) }),
      fc.array(hostile, { minLength: 3, maxLength: 3 }),
      fc.option(fc.dictionary(hostileKey, hostileJson, { maxKeys: 3 }), { freq: 4 }),
      fc.boolean(),
    )
    .map(([replaced, values, extra, pollute]) => {
      const body: Record<string, unknown> = { ...extra, ...valid };
      replaced.forEach((key, i) => {
        if (values[i] === undefined) delete body[key];
        else body[key] = values[i];
      });
      // JSON.parse makes "__proto__" an own key, as an attacker's raw body would.
      return pollute ? { ...JSON.parse('{"__proto__": {"isAdmin": true, "polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'), ...body } : body;
    });
}

/** A raw body text: JSON of a value, or something that is not JSON at all. */
export const rawJsonText = (value: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: value.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "{", "}", "[", '{"a":', '{"name":"x",}', "nul", "\u0000", "{}{}", '{"a":1e99999}', "\ufeff{}", '"\\ud800"') },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 4000 }).map((n) => "[".repeat(n) + "]".repeat(n)) },
  );

/** Content-Type header values that have been wrong somewhere (or none). */
export const knownContentTypes: (string | undefined)[] = [
  undefined, "", "text/plain", "application/xml", "application/json;charset=utf-16", "APPLICATION/JSON", "application/json ; charset=utf-8",
  "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=xyz",
  "application/jsonx", "application/json\u0000", ";", "*/*", "application/merge-patch+json",
];

/** Content-Type header values, right and wrong. */
export const contentTypes = (right: string[]): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...right) },
    { weight: 3, arbitrary: fc.constantFrom(...knownContentTypes) },
    { weight: 1, arbitrary: hostileString.filter(isHeaderSafe) },
  );

/**
 * Percent-encodes any JS string, as encodeURIComponent does for valid text; a lone surrogate
 * (which encodeURIComponent refuses) becomes its WTF-8 bytes, i.e. an invalid UTF-8 escape such
 * as %ED%BF%BF, which a client can send as well.
 */
export function percentEncode(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const isHigh = unit >= 0xd800 && unit <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** Header values a Request accepts (no CR, LF or NUL, Latin-1 only): the rest never reach a server. */
export function isHeaderSafe(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\r\n\0]/.test(value) && /^[\u0000-\u00ff]*$/.test(value) && value.trim() === value;
}

/** Headers besides the content type: Origin, X-Forwarded-For garbage, a lying Content-Length. */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      origin: fc.constantFrom(PUBLIC_URL, PUBLIC_URL, "null", "http://evil.example", "http://localhost:3000/", "http://localhost:3000.evil.example", "HTTP://LOCALHOST:3000", ""),
      "x-forwarded-for": fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.constantFrom("", ",", "1.2.3.4:5678", "::ffff:1.2.3.4", "[::1]:80", "unknown", "1.2.3.4, 999.1.1.1", "0.0.0.0", "a".repeat(2000)),
        hostileString.filter(isHeaderSafe),
      ),
      "content-length": fc.constantFrom("0", "1", "5", "99999999", "-1", "abc", "1e3"),
      "user-agent": hostileString.filter(isHeaderSafe),
      "idempotency-key": hostileString.filter(isHeaderSafe),
      referer: fc.constantFrom(`${PUBLIC_URL}/contact?utm_source=x`, "http://evil.example/", "not a url", `${PUBLIC_URL}/\\evil`),
    },
    { requiredKeys: [] },
  );

const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** Filter dates in the range the lists can meaningfully hold, some of them impossible (month 13, day 32). */
export const saneDate = fc
  .tuple(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`);
/** Dates at and past the ends of what PostgreSQL and JavaScript dates hold. */
export const extremeDate = fc
  .tuple(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 9000, max: 9999 })), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

/** A Cookie header that carries no valid session: garbage, empty or made-up session tokens. */
export const badSessionCookie: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter(isHeaderSafe),
  fc.constantFrom("", "better-auth.session_token=", "better-auth.session_token=abc.def", "__Secure-better-auth.session_token=x"),
  fc.string({ maxLength: 40 }).map((s) => `better-auth.session_token=${encodeURIComponent(s)}`),
);

/** The Origin of a request with a bad session: the site's, another, "null", or none. */
export const sessionOrigins: fc.Arbitrary<string | undefined> = fc.constantFrom(PUBLIC_URL, "http://evil.example", "null", undefined);

// ---------------------------------------------------------------------------------------------
// Requests and what every answer must be
// ---------------------------------------------------------------------------------------------

/** Sends a request, turning a Request that cannot be built (a header undici refuses) into null. */
export async function send(t: TestApp, path: string, init: RequestInit): Promise<Response | null> {
  let request: Request;
  try {
    request = new Request(`${PUBLIC_URL}${path}`, init);
  } catch {
    return null; // no client could send it
  }
  return t.app.request(request);
}

/**
 * Never a 5xx, and a 4xx from a JSON API says why in JSON (`error` in our envelopes, `message`
 * in better-auth's). Returns the parsed body (or the text).
 */
export async function expectHandled(res: Response, what: string, options: { json: boolean }): Promise<unknown> {
  const text = await res.text();
  expect(res.status, `${what} answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400 && options.json) {
    expect(res.headers.get("content-type") ?? "(none)", `${what}: ${res.status} without a JSON body`).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = body.error ?? body.message;
    expect(typeof message === "string" && message.trim() !== "", `${what}: ${res.status} without a message: ${text.slice(0, 300)}`).toBe(true);
    return body;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type RowCounts = { bookings: number; contacts: number; outbox: number; audit: number; sessions: number; roles: number };

/** Every table a request could write to that a refusal must leave alone, in one round trip. */
export async function rowCounts(t: TestApp): Promise<RowCounts> {
  const result = (await t.database.db.execute(sql`select
    (select count(*) from booking_inquiries)::int as bookings,
    (select count(*) from contact_requests)::int as contacts,
    (select count(*) from lead_outbox)::int as outbox,
    (select count(*) from audit_log)::int as audit,
    (select count(*) from auth_sessions)::int as sessions,
    (select count(*) from user_roles)::int as roles`)) as unknown as { rows: RowCounts[] };
  return result.rows[0]!;
}

/** The server still answers: health 200, and a valid lead is still accepted and stored. */
export async function expectStillServing(t: TestApp) {
  const health = await t.app.request("/api/health");
  expect(health.status).toBe(200);
  const before = await rowCounts(t);
  const res = await t.app.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": "198.51.100.250" },
    body: JSON.stringify({
      name: "After Fuzz",
      company: "Still Works Ltd",
      role: "Owner",
      email: `after-fuzz-${Date.now()}@example.com`,
      phone: "+1 555 010 0199",
      industry: "law",
      company_size: "1-10",
      notes: "Checks the server after the fuzz suite.",
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { success: boolean }).success).toBe(true);
  expect((await rowCounts(t)).contacts).toBe(before.contacts + 1);
}

/** A fuzz file's end: the app still answers (expectStillServing), then it closes. */
export async function closeStillServing(t: TestApp) {
  await expectStillServing(t);
  await t.close();
}
