import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStaticSite } from "../../server/static-site";
import { adminPaths } from "../../shared/admin-paths";
import { paths, publicPaths } from "../../shared/site-routes";
import { pageSeo } from "../../app/content/seo";
import { brand } from "../../app/content/brand";
import { faqEntries } from "../../app/content/faq";
import { annualYearlyTotal, monthlyPrice } from "../../app/content/pricing";
import { classConflicts } from "../support/class-conflicts";
import { clientBuildDir, createTestApp, type TestApp } from "../support/test-app";

// Runs against the real client build (npm test builds before running Vitest), compressed as in production.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://agents.example.com", MERCH_URL: "https://merch.example.com/shop" }, {}, { site: "eager" });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

describe("serving the prerendered site", () => {
  it.each([...publicPaths])("%s is prerendered HTML with its own title and canonical URL", async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    // Prerendered pages carry their content; the SPA shell has an empty body apart from scripts.
    expect(html).toMatch(/<h1[\s>]/);
    expect(html).toContain(`<link rel="canonical" href="https://agents.example.com${p}"/>`);
    expect(html).not.toContain("placeholder.invalid");
    expect(html).toContain('<script id="runtime-config" type="application/json">');
  });

  it("gives every public page a distinct title and description", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const p of publicPaths) {
      const html = await (await get(p)).text();
      titles.add(html.match(/<title>(.*?)<\/title>/)![1]);
      descriptions.add(html.match(/<meta name="description" content="(.*?)"/)![1]);
    }
    expect(titles.size).toBe(publicPaths.length);
    expect(descriptions.size).toBe(publicPaths.length);
  });

  it.each([...adminPaths])("%s is served from the SPA shell (client-only)", async (p) => {
    const res = await get(p.replace(":id", "00000000-0000-4000-8000-000000000001"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/<h1[\s>]/);
    expect(html).toContain('name="robots" content="noindex');
  });

  it.each(["/nope", "/features/unknown", "/admin/unknown", "/admin/leads/not-a-uuid", "/admin/leads/00000000-0000-4000-8000-000000000001/x", "/__spa-fallback.html", "/index.html", "/__not-found"])(
    "answers 404 with the not-found page for %s",
    async (p) => {
      const res = await get(p);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
    },
  );

  it("serves robots.txt and sitemap.xml as real files, never the SPA shell", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toContain("Disallow: /admin");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await sitemap.text()).toContain("<loc>https://agents.example.com/pricing</loc>");
    const favicon = await get("/favicon.svg");
    expect(favicon.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("hands the configured external links to the client at runtime", async () => {
    const html = await (await get("/")).text();
    const json = html.match(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/)![1];
    expect(JSON.parse(json)).toMatchObject({ merchUrl: "https://merch.example.com/shop", publicUrl: "https://agents.example.com" });
  });

  it("caches hashed assets for a year and compresses with brotli or gzip", async () => {
    const html = await (await get("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)![0];
    const br = await get(asset, { "accept-encoding": "gzip, br" });
    expect(br.status).toBe(200);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("content-encoding")).toBe("br");
    const brText = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    const gz = await get(asset, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(brText);
    const plain = await get(asset);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(brText);
    const page = await get("/pricing");
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });

  it.each(["eager", "lazy"] as const)("compresses pages with brotli and gzip (%s compression), decoding to the same HTML", (mode) => {
    // The app's own site (beforeAll) is this build loaded eagerly with these values: loading it so a
    // second time compressed every file at the highest levels again, 1.1-1.4 CPU-s.
    const site = mode === "eager" ? t.deps.site! : loadStaticSite(clientBuildDir, t.config.runtime, mode);
    for (const p of ["/", "/pricing", "/contact"]) {
      const page = site.lookup(p)!;
      expect(zlib.brotliDecompressSync(page.encoded("br")!)).toEqual(page.body);
      expect(zlib.gunzipSync(page.encoded("gzip")!)).toEqual(page.body);
      expect(page.encoded("br")!.length).toBeLessThan(page.body.length / 3);
    }
  });

  it.each(["/", "/pricing", "/admin/login"])("%s starts its scripts from one module script allowed by the CSP, without preloads", async (p) => {
    const res = await get(p);
    const html = await res.text();
    expect(html).not.toContain("modulepreload");
    const modules = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(modules).toHaveLength(1);
    const source = modules[0]![1]!;
    const hash = `'sha256-${crypto.createHash("sha256").update(source).digest("base64")}'`;
    expect(res.headers.get("content-security-policy")).toContain(hash);
    // It imports the route modules and then the client entry, all served from our own origin.
    expect(source).toContain("window.__reactRouterRouteModules");
    expect(source).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    for (const url of source.match(/\/assets\/[\w.-]+\.js/g)!) expect((await get(url)).status).toBe(200);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("/about");
    const etag = first.headers.get("etag")!;
    const second = await get("/about", { "if-none-match": etag });
    expect(second.status).toBe(304);
  });

  it("redirects a trailing slash to the canonical path, never off-site", async () => {
    const res = await get("/pricing/?utm_source=x");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/pricing?utm_source=x");
  });

  it("redirects only to this site's own pages: any other path with a trailing slash is a 404", async () => {
    // Browsers resolve "/\\evil.example" and "/<TAB>/evil.example" to another site; an encoded CR/LF
    // once made the Location header throw (500).
    for (const path of ["//evil.example/", "/%5Cevil.example/", "/%5C%5Cevil.example/", "/%09/evil.example/", "/%0D%0ALocation:%20x/", "/about%0D%0A/", "/nope/", "/admin/%5Cevil/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
    const admin = await get("/admin/bookings/");
    expect(admin.status).toBe(301);
    expect(admin.headers.get("location")).toBe("/admin/bookings");
  });

  it("answers HEAD without a body", async () => {
    const res = await t.app.request("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Not found" });
  });
});

const namedReferences: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** Character references as React writes them in text and attributes, decoded. */
const decode = (s: string) =>
  s.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/gi, (_, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : namedReferences[name!.toLowerCase()]!,
  );
/** What a reader sees of a fragment of markup (its textContent, less scripts and styles), whitespace collapsed. */
const textOf = (markup: string) =>
  decode(markup.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)[\s>][\s\S]*?<\/\1>/g, "").replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
/** The first `tag` element of `html`, start to end tag (for elements that do not nest in themselves). */
const element = (html: string, tag: string) => html.match(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`))?.[0] ?? "";
/**
 * Every element's class list, as the browser's `getAttribute("class")` reads it. A class
 * attribute written in a form this cannot read (other quotes, none) fails the test rather than
 * leaving its element unchecked: React escapes `>` in attribute values, so a tag ends at the
 * first `>`.
 */
const classLists = (html: string) =>
  [...html.replace(/<script[\s>][\s\S]*?<\/script>/g, "").matchAll(/<[a-z][^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\sclass=/.test(tag))
    .map((tag) => {
      const list = /\sclass="([^"]*)"/.exec(tag)?.[1];
      if (list === undefined) throw new Error(`a class attribute this test cannot read: ${tag.slice(0, 200)}`);
      return decode(list);
    });
/** The attributes of every `<button>` of `markup` whose text is `name` (buttons do not nest). */
const buttonsNamed = (markup: string, name: string) =>
  [...markup.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].filter(([, , inner]) => textOf(inner!) === name).map(([, attributes]) => attributes!);
/** The `<dialog>` of `html` with this id (dialogs do not nest here). */
const dialogById = (html: string, id: string) => html.match(new RegExp(`<dialog[^>]*\\sid="${id}"[\\s\\S]*?</dialog>`))?.[0] ?? "";

/**
 * What every page's HTML shows before its scripts run (and without them): read here through the
 * server, once, since it is the same at every width. In the browser: that it is visible with the
 * stylesheet and no scripts (tests/e2e/pages-no-js.spec.ts), and each width's chrome, overflow and
 * axe (expectSoundPage in tests/e2e/pages-support.ts: pages-every-route.spec.ts, and the pages'
 * own tests for the pages they visit at both widths).
 */
/** The page's structured data blocks (`<script type="application/ld+json">`), parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json!) as Record<string, unknown>);

describe("structured data for search engines", () => {
  const blocks = async (p: string) => jsonLd(await (await get(p)).text());

  it("the home page carries the Organization, at the deployment's address", async () => {
    expect((await blocks(paths.home)).find((b) => b["@type"] === "Organization")).toMatchObject({
      name: brand.name,
      url: "https://agents.example.com/",
      slogan: brand.tagline,
    });
  });

  it("/pricing carries the plan as a Product with its monthly and yearly Offers", async () => {
    const product = (await blocks(paths.pricing)).find((b) => b["@type"] === "Product") as { offers: { price: string; priceCurrency: string }[] };
    expect(product.offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      [monthlyPrice.toFixed(2), "USD"],
      [annualYearlyTotal.toFixed(2), "USD"],
    ]);
  });

  it("/faq carries every question and answer as a FAQPage", async () => {
    const faqPage = (await blocks(paths.faq)).find((b) => b["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faqPage.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual(faqEntries.map((e) => [e.question, e.answer]));
  });
});

describe("every page's content in its HTML", () => {
  /** An h1 with text, content in main, the footer (the page's contentinfo, after main) with the tagline, no utility overriding another. */
  const expectReadable = (html: string) => {
    expect(textOf(element(html, "h1")), "the h1's text").not.toBe("");
    expect(textOf(element(html, "main")), "main's text").not.toBe("");
    expect(textOf(element(html.slice(html.indexOf("</main>")), "footer")), "the footer's text").toContain(brand.tagline);
    // The hydrated DOM carries the same class lists as this HTML on every public page, at both
    // widths; states a visitor opens are checked in the browser (tests/e2e/class-conflicts.ts).
    const lists = classLists(html);
    // Read nothing, checked nothing: a page of this site styles dozens of elements.
    expect(lists.length, "class lists read from the page").toBeGreaterThan(20);
    expect(classConflicts(lists), "conflicting Tailwind utilities on one element").toEqual([]);
  };

  it.each([...publicPaths])("%s has its exact title and description, an h1, content in main, the tagline in the footer, and no conflicting utilities", async (p) => {
    const html = await (await get(p)).text();
    expect(decode(html.match(/<title>(.*?)<\/title>/)![1]!)).toBe(pageSeo[p].title);
    expect(decode(html.match(/<meta name="description" content="([^"]*)"/)![1]!)).toBe(pageSeo[p].description);
    expectReadable(html);
  });

  it("/no-such-page answers 404 with a title, an h1, content in main, the tagline in the footer, and no conflicting utilities", async () => {
    const res = await get("/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(textOf(html.match(/<title>(.*?)<\/title>/)?.[1] ?? ""), "the title").not.toBe("");
    expectReadable(html);
  });
});

describe("Book demo before and without JavaScript (docs/decisions/0501)", () => {
  // The browser opens the dialog from the button's own attributes (an invoker command), before
  // hydration and with scripts off; the dialog's plain form posts to /book-demo. A button without
  // them does nothing until React arrives, and nothing at all without JavaScript.
  it.each([...publicPaths])("%s: every Book demo button, the phone menu's too, opens the booking dialog, whose form posts to /book-demo", async (p) => {
    const html = await (await get(p)).text();
    expect(buttonsNamed(dialogById(html, "mobile-menu"), "Book demo"), "the phone menu's Book demo").toHaveLength(1);
    const buttons = buttonsNamed(html, "Book demo");
    for (const attributes of buttons) {
      expect(attributes).toContain(' commandfor="booking-dialog"');
      expect(attributes).toContain(' command="show-modal"');
    }
    expect(dialogById(html, "booking-dialog")).toMatch(/<form\b[^>]*\saction="\/book-demo#booking-form" method="post"/);
  });
});
