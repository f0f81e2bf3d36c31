import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { notificationsOnly } from "../support/outbox";
import { contactBody } from "../api/leads-support";
import { paths } from "@shared/site-routes";
import { contentTypes, knownContentTypes, closeStillServing, hostileString, isHeaderSafe, oddHeaders, PUBLIC_URL, rowCounts, reachedAtDepth, runs, send } from "./support";

/*
 * The site's own inputs, on the real client build: GET/HEAD of any path (the trailing-slash
 * redirect, the file lookup) and the native form posts to /book-demo, /enterprise and /contact
 * (server/routes/lead-pages.ts) with urlencoded, multipart and broken bodies.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      TRUST_PROXY_HEADER: "x-forwarded-for",
      LEADS_RATE_LIMIT_MAX: "1000000",
      // One outbox row per stored lead: the webhook's.
      ...notificationsOnly,
      LEADS_WEBHOOK_URL: "http://127.0.0.1:9/hooks/leads",
      LEADS_WEBHOOK_SECRET: "webhook-secret",
    },
    {},
    { site: "lazy" },
  );
});
afterAll(() => closeStillServing(t));

const knownSegments = ["about", "contact", "book-demo", "enterprise", "features", "omnichannel", "pricing", "admin", "login", "assets", "index.html", "favicon.ico", "__spa-fallback.html", "__not-found"];
const trickySegments = [
  "", ".", "..", "%2e", "%2e%2e", "%2E%2E%2F", "%5C", "%5c", "%09", "%0D%0A", "%0d%0a", "%0a", "%00", "%2F", "%252F", "%5Cevil.example", "%09%2Fevil.example",
  "evil.example", "@evil.example", "%40evil.example", "http:", "https:%2F%2Fevil.example", "javascript:alert(1)", "%E2%80%AE", "%C0%AE", "%FF", "%", "%zz", "~", ";", "a;b", "?", "#",
];
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...knownSegments) },
  { weight: 4, arbitrary: fc.constantFrom(...trickySegments) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }).map((s) => encodeURIComponent(s).replace(/%2F/g, "/")) },
);
const query = fc.option(fc.constantFrom("?a=1", "?next=//evil.example", "?%0d%0aSet-Cookie:x=1", "?utm_source=%E2%80%AE", "?x=%5C%5Cevil.example"), { freq: 3 });
/** A page of the site with trailing slashes, so the redirect is reached often. */
const pageWithSlash = fc
  .tuple(fc.constantFrom(...Object.values(paths).filter((p) => p !== "/")), fc.constantFrom("/", "//", "///", "/%20/", "%2F/"), query)
  .map(([page, tail, q]) => `${page}${tail}${q ?? ""}`);
/** A request target: segments (some encoded), extra or trailing slashes, sometimes a query. */
const anyPath = fc
  .tuple(
    fc.constantFrom("/", "/", "/", "//", "///", "/%5C", "/%2F"),
    fc.array(segment, { minLength: 0, maxLength: 4 }),
    fc.constantFrom("", "", "/", "//", "/%20/", "%2F", "/./", "/.."),
    query,
  )
  .map(([lead, segments, tail, q]) => `${lead}${segments.join("/")}${tail}${q ?? ""}`);
const sitePath = fc.oneof({ weight: 4, arbitrary: anyPath }, { weight: 1, arbitrary: pageWithSlash });

describe("GET and HEAD of any path", () => {
  it("never a 5xx, and a redirect stays on this site: Location a path starting with one '/', no control characters", async () => {
    let redirects = 0;
    await fc.assert(
      fc.asyncProperty(sitePath, fc.constantFrom("GET", "GET", "HEAD"), async (path, method) => {
        const res = await send(t, path, { method, redirect: "manual" });
        if (!res) return;
        await res.arrayBuffer();
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        const location = res.headers.get("location");
        if (res.status >= 300 && res.status < 400) {
          redirects++;
          expect(location, `${method} ${path}: redirect without Location`).not.toBeNull();
          expect(location!, `${method} ${path} -> ${location}`).toMatch(/^\/(?![/\\])/);
          // eslint-disable-next-line no-control-regex
          expect(location!, `${method} ${path} -> ${JSON.stringify(location)}`).not.toMatch(/[\u0000-\u001f\u007f\\]/);
          expect(new URL(location!, PUBLIC_URL).origin).toBe(PUBLIC_URL);
        } else {
          expect(location, `${method} ${path}: Location on a ${res.status}`).toBeNull();
        }
      }),
      runs(1500),
    );
    if (process.env.FUZZ_VERBOSE) console.log(`redirects ${redirects}`);
    // The generator must reach the redirect, not only 404s.
    expect(redirects).toBeGreaterThan(reachedAtDepth(100));
  });
});

type Fields = [string, string][];

/** The fields each page's form posts, valid, as a browser sends them. */
const pages: Record<string, Fields> = {
  "/book-demo": [
    ["website", ""], ["source_form", "booking_dialog"], ["name", "Ada Lovelace"], ["job_title", "Owner"], ["work_email", "ada@example.com"],
    ["company_name", "Analytical Engines LLC"], ["total_calls", "250"], ["tcpa_consent", "on"],
  ],
  "/enterprise": [
    ["website", ""], ["source_form", "enterprise_inline"], ["name", "Grace Hopper"], ["job_title", "VP Operations"], ["work_email", "grace@example.com"],
    ["company_name", "Compilers Inc"], ["ai_goal", "Answer every support call within seconds"], ["tcpa_consent", "on"],
  ],
  "/contact": [["website", ""], ...(Object.entries(contactBody()) as Fields)],
};

/** A page's fields with up to three values replaced, dropped or repeated, and maybe extra fields. */
const postedFields = fc.constantFrom(...Object.keys(pages)).chain((path) =>
  fc
    .tuple(
      fc.subarray(pages[path]!.map(([name]) => name), { maxLength: 3 }),
      fc.array(fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constant(null) }), { minLength: 3, maxLength: 3 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom("__proto__", "constructor", "name", "tcpa_consent", "website", "name[]", "a[b]"), fc.string({ maxLength: 8 })), hostileString), { maxLength: 3 }),
    )
    .map(([changed, values, extra]) => {
      let fields: Fields = pages[path]!.map(([n, v]) => [n, v]);
      changed.forEach((name, i) => {
        const value = values[i];
        fields = value === null ? fields.filter(([n]) => n !== name) : fields.map(([n, v]) => [n, n === name ? value! : v]);
      });
      return { path, fields: [...fields, ...extra] };
    }),
);

/** What goes on the wire: urlencoded, multipart (FormData sets its boundary), or raw broken text. */
const encoded = fc.tuple(postedFields, fc.constantFrom("urlencoded", "urlencoded", "multipart", "raw")).chain(([{ path, fields }, kind]) => {
  if (kind === "urlencoded") return fc.constant({ path, body: new URLSearchParams(fields).toString() as BodyInit, type: "application/x-www-form-urlencoded" as string | undefined });
  if (kind === "multipart") {
    const form = new FormData();
    for (const [n, v] of fields) form.append(n, v);
    return fc.constant({ path, body: form as BodyInit, type: undefined as string | undefined });
  }
  return fc.record({
    path: fc.constant(path),
    body: fc.oneof(
      hostileString,
      fc.constantFrom("%", "%zz=1", "name=%E0%A4%A", "a=1&&&=&", "--xyz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nBob\r\n", "--xyz--", "--xyz\r\n\r\n"),
    ) as fc.Arbitrary<BodyInit>,
    type: contentTypes(["application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz", "multipart/form-data"]),
  });
});

describe("native form posts", () => {
  // Each answer is a whole page rendered by React (development React under Vitest): about 30 ms on
  // a busy 2-core machine, so 500 of them need more than the project's 15 s.
  it("any fields and encodings: never a 5xx, the page (or a JSON refusal) with only its own scripts, refusals store nothing", { timeout: 120_000 }, async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(encoded, oddHeaders, async ({ path, body, type }, headers) => {
        const init: Record<string, string> = { ...headers };
        // A FormData body brings its own multipart type and boundary.
        delete init["content-length"];
        if (type !== undefined) init["content-type"] = type;
        const before = await rowCounts(t);
        const res = await send(t, path, { method: "POST", headers: init, body });
        if (!res) return;
        const text = await res.text();
        expect(res.status, `POST ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
        const after = await rowCounts(t);
        if (res.status === 403) {
          expect(JSON.parse(text)).toMatchObject({ success: false, error: expect.any(String) });
        } else {
          expect(res.headers.get("content-type")).toMatch(/^text\/html/);
          // Whatever was posted comes back escaped: no markup of the visitor's runs as script. The
          // page's own scripts carry the nonce its policy allows; a smuggled one would not.
          const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
          for (const [, attrs = ""] of text.matchAll(/<script\b([^>]*)>/gi)) {
            if (!attrs.includes('type="application/json"')) expect(attrs).toContain(` nonce="${nonce}"`);
          }
        }
        if (res.status >= 400) expect(after, `POST ${path} refused (${res.status}) yet stored`).toEqual(before);
        else {
          expect(res.status).toBe(200);
          const leads = after.bookings + after.contacts - before.bookings - before.contacts;
          expect(leads).toBeLessThanOrEqual(1);
          expect(after.outbox - before.outbox).toBe(leads);
          stored += leads;
        }
      }),
      runs(500),
    );
    expect(stored).toBeGreaterThan(reachedAtDepth(10));
  });
});

describe("the native posts' headers alone", () => {
  const valid = ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-8"];
  const answer = async (path: string, type: string | undefined, referer: string | null) => {
    const headers: Record<string, string> = { origin: PUBLIC_URL, "x-forwarded-for": "198.51.100.40" };
    if (type !== undefined) headers["content-type"] = type;
    if (referer !== null) headers.referer = referer;
    const res = await send(t, path, { method: "POST", headers, body: new URLSearchParams(pages[path]!).toString() });
    if (!res) return;
    const text = await res.text();
    expect(res.status, `${type}: ${text.slice(0, 200)}`).toBeLessThan(500);
    expect([200, 400, 415]).toContain(res.status);
  };

  // The listed Content-Types (contentTypes' right and wrong ones) are few: each is sent to each
  // page once, instead of drawing them at random, which rendered the same valid post ~90 times.
  it("any Content-Type with a valid urlencoded body: 415 or the page, never a 5xx", { timeout: 120_000 }, async () => {
    const listed = [...valid, ...knownContentTypes];
    for (const path of Object.keys(pages)) for (const type of listed) await answer(path, type, null);
    // Generated ones, and hostile Referers with any of them.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(pages)),
        fc.oneof(contentTypes(valid), hostileString.filter(isHeaderSafe)),
        fc.option(hostileString.filter(isHeaderSafe), { freq: 2 }),
        answer,
      ),
      runs(60),
    );
  });
});
