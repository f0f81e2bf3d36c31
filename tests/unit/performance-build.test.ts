import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "../../shared/site-routes";
import { adminOnlyModules, pageWeight, readChunkModules, startupSource, type PageWeight } from "../../scripts/page-weight";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The load-performance mechanisms of docs/performance.md, checked against the real build (npm
 * test builds before Vitest runs; BUILD_DIR picks another build). Each assertion is about what
 * the build ships, so a framework upgrade that silently undoes a mechanism fails here.
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
if (!fs.existsSync(path.join(clientDir, "index.html"))) {
  throw new Error(`No client build in ${buildDir}: run "npm run build" (or set BUILD_DIR) before these tests.`);
}

const htmlFileOf = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
const allHtmlFiles = (() => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) files.push(path.relative(clientDir, full));
    }
  };
  walk(clientDir);
  return files.sort();
})();
const read = (file: string) => fs.readFileSync(path.join(clientDir, file), "utf8");
const scriptTags = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1], body: m[2] }));
const isExecutableInline = (s: { attrs: string; body: string }) =>
  !/\ssrc=/.test(s.attrs) && !/type="application\/(ld\+)?json"/.test(s.attrs) && s.body.length > 0;

const weights = new Map<string, PageWeight>(publicPaths.map((route) => [route, pageWeight(clientDir, htmlFileOf(route))]));
const KB = 1024;

// (a) scripts/postbuild.mjs: no modulepreload links ahead of the first paint.
describe("postbuild: the pages' scripts are not preloaded ahead of the first paint", () => {
  it("left no page to process (the build has every prerendered page and the SPA shell)", () => {
    expect(allHtmlFiles).toContain("__spa-fallback.html");
    for (const route of publicPaths) expect(allHtmlFiles).toContain(htmlFileOf(route));
  });

  it.each(allHtmlFiles)("%s: no modulepreload link; one module script starts the router", (file) => {
    const html = read(file);
    // Preload links put every chunk on the critical path ahead of first paint (docs/performance.md, a).
    expect(html).not.toContain('rel="modulepreload"');
    // React Router's inline module script registers the route modules and then loads the client
    // entry; every module it names exists in the build.
    const modules = scriptTags(html).filter((s) => /type="module"/.test(s.attrs));
    expect(modules).toHaveLength(1);
    const source = modules[0]!.body;
    expect(source).toContain("window.__reactRouterRouteModules");
    expect(source).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    for (const m of source.matchAll(/(?:from\s*|import\s*\(?\s*)"(\/assets\/[^"]+\.js)"/g)) {
      expect(fs.existsSync(path.join(clientDir, m[1]!)), `${file} imports ${m[1]}, which is missing`).toBe(true);
    }
  });

  describe("the server's Content-Security-Policy allows every inline script the pages run", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, {}, { site: "lazy" });
    });
    afterAll(() => t.close());

    it.each([...publicPaths])("%s", async (route) => {
      const res = await t.app.request(route);
      expect(res.status).toBe(200);
      const html = await res.text();
      const scriptSrc = (res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src "));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const inline = scriptTags(html).filter(isExecutableInline);
      // React Router's module script and its context script at least.
      expect(inline.length).toBeGreaterThanOrEqual(2);
      for (const script of inline) {
        const hash = `'sha256-${crypto.createHash("sha256").update(script.body, "utf8").digest("base64")}'`;
        expect(scriptSrc, `inline script not allowed by hash: ${script.body.slice(0, 80)}`).toContain(hash);
      }
      // Hash-based CSP does not cover inline event handlers.
      expect(html).not.toMatch(/<[^>]+\son[a-z]+="/);
    });
  });
});

// (h) app/routes/public-layout.tsx and app/entry.server.tsx: the page hydrates in slices.
describe("prerendered pages: complete Suspense boundaries around the content and the footer", () => {
  it.each([...publicPaths])("%s", (route) => {
    const html = read(htmlFileOf(route));
    // React hydrates a server-rendered boundary after the shell, at low priority and in 5 ms
    // slices; without the boundary the whole page hydrates in one long task.
    expect(html).toContain('<main id="main"><!--$-->');
    expect(html).toMatch(/<!--\$--><footer[\s>]/);
    // Written complete and in place (onAllReady, no outlining): no pending or client-rendered
    // boundary, no content parked in a hidden <div> for a script to reveal.
    expect(html).not.toContain("<!--$?-->");
    expect(html).not.toContain("<!--$!-->");
    expect(html).not.toMatch(/<div hidden id="S:/);
  });
});

// (g) vite.config.ts codeSplitting groups, and the budget every public page is held to.
describe("start-up JavaScript of the public pages: chunk groups and budget", () => {
  const MAX_CHUNKS = 20;
  const MAX_GZIP_KB = 160;
  // The home page, where most visits start (issue 40).
  const HOME_MAX_GZIP_KB = 150;
  const budgetOf = (route: string) => (route === "/" ? HOME_MAX_GZIP_KB : MAX_GZIP_KB);

  it.each([...publicPaths])(`%s starts with at most ${MAX_CHUNKS} scripts and ${MAX_GZIP_KB} KB gzip (/ ${HOME_MAX_GZIP_KB} KB)`, (route) => {
    const w = weights.get(route)!;
    const list = w.chunks.map((c) => `${path.basename(c.file)} ${(c.gzip / KB).toFixed(1)} KB`).join(", ");
    expect(w.chunks.length, `${route} loads ${w.chunks.length} scripts: ${list}`).toBeLessThanOrEqual(MAX_CHUNKS);
    expect(w.gzip / KB, `${route} loads ${(w.gzip / KB).toFixed(1)} KB gzip: ${list}`).toBeLessThanOrEqual(budgetOf(route));
  });

  it("every public page loads the same framework chunk (React, the router) and the same shared chunk", () => {
    const named = (prefix: string) =>
      new Set(publicPaths.map((route) => weights.get(route)!.chunks.map((c) => path.basename(c.file)).find((f) => f.startsWith(`${prefix}-`))));
    const framework = named("framework");
    const shared = named("shared");
    expect([...framework], "one framework chunk, on every page").toHaveLength(1);
    expect([...framework][0]).toBeDefined();
    expect([...shared], "one shared chunk, on every page").toHaveLength(1);
    expect([...shared][0]).toBeDefined();
    const frameworkSource = read(`assets/${[...framework][0]}`);
    // React DOM and the router really are in it (not split off into chunks of their own).
    expect(frameworkSource).toContain("hydrateRoot");
    expect(frameworkSource).toContain("__reactRouterContext");
  });
});

// The funnel collector (app/lib/collector.ts, docs/decisions/0801 and docs/performance.md, "The
// funnel collector"): part of a chunk every page loads anyway, and small.
describe("the funnel collector: in every public page's start-up, in the shared chunk, at most 2 KB gzip", () => {
  const COLLECTOR_MAX_GZIP = 2 * KB;

  it.each([...publicPaths])("%s", (route) => {
    const chunks = weights.get(route)!.chunks.filter((c) => /[`"']\/api\/events[`"']/.test(read(c.file)));
    // A chunk of its own would be one more request on every page, for under a kilobyte.
    expect(chunks.map((c) => path.basename(c.file).replace(/-[\w-]+\.js$/, ""))).toEqual(["shared"]);
  });

  it(`the collector on its own, minified, is at most ${COLLECTOR_MAX_GZIP / KB} KB gzip`, async () => {
    // What it imports (the route table, the runtime configuration) every page loads anyway.
    const result = await esbuild.build({
      entryPoints: [path.resolve("app/lib/collector.ts")],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2022",
      write: false,
      external: ["~/*", "@shared/*"],
    });
    const code = result.outputFiles[0]!.contents;
    const gzip = zlib.gzipSync(code, { level: 9 }).length;
    expect(gzip, `app/lib/collector.ts: ${gzip} bytes gzip`).toBeLessThanOrEqual(COLLECTOR_MAX_GZIP);
  });
});

// Code that must not run before the visitor asks for it. Each marker is a string only that
// library's code contains (checked against builds with the mechanism switched off: see
// docs/performance.md, "Measuring again").
describe("code kept out of every public page's start-up", () => {
  const kept = [
    // (d) no menu library: the header menus are native popovers (decision 0501).
    { what: "Radix dropdown menu (the menus are native popovers)", marker: /data-radix-menu-content|DropdownMenuTrigger/ },
    // (h) dialogs and sheets on first use: Radix dialog (focus guards, overlay, portal).
    { what: "Radix dialog (dialogs on first use)", marker: /data-radix-focus-guard|DialogOverlay|DialogPortal/ },
    // (b) hydrate on intent: the lead forms' libraries.
    { what: "react-hook-form (forms hydrate on intent)", marker: /shouldUnregister/ },
    { what: "zod (forms hydrate on intent)", marker: /_zod\b|\$ZodType/ },
    // Toasts: sonner loads with the first toast, or with a lead form's submit (app/lib/toast.ts).
    { what: "sonner (toasts load with the first one)", marker: /data-sonner-toaster/ },
    // (f) cn without tailwind-merge: its class-group ids.
    { what: "tailwind-merge (cn is clsx only)", marker: /fvn-normal|fvn-slashed-zero/ },
    // (e) hand-written number formatting: no ICU number formatter built at start-up.
    { what: "Intl.NumberFormat (format.ts)", marker: /Intl\.NumberFormat|\.toLocaleString\(/ },
  ];
  it.each([...publicPaths])("%s", (route) => {
    const source = startupSource(clientDir, weights.get(route)!);
    const found = kept.filter((k) => k.marker.test(source)).map((k) => k.what);
    expect(found, `${route} loads at start-up`).toEqual([]);
  });
});

// The staff area's code (its routes, features, sign-in client, and what only they import) is
// not part of what a public page starts, nor are its routes in the route manifest a public page
// loads (docs/decisions/0303). The client build records which modules each chunk holds
// (scripts/chunk-modules.ts).
describe("admin code kept out of every public page's start-up", () => {
  const map = readChunkModules(buildDir);
  const adminOnly = adminOnlyModules(map.importers);
  const isManifest = (file: string) => /^assets\/manifest-[\w-]+\.js$/.test(file);
  /** The route manifest a page's module script imports (React Router writes it outside the bundle). */
  const manifestOf = (htmlFile: string) => {
    const source = scriptTags(read(htmlFile)).find((s) => /type="module"/.test(s.attrs))!.body;
    const file = /import\s*"\/(assets\/manifest-[\w-]+\.js)"/.exec(source)?.[1];
    expect(file, `${htmlFile} imports no route manifest`).toBeDefined();
    const text = read(file!);
    return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { routes: Record<string, { module: string }> };
  };
  const adminIn = (chunkFile: string) => (map.chunks[chunkFile] ?? []).filter((id) => adminOnly.has(id));

  it("the build's module map finds the admin code (better-auth behind the sign-in client) and holds every start-up chunk", () => {
    expect([...adminOnly].filter((id) => id.includes("node_modules/better-auth/")).length).toBeGreaterThan(0);
    for (const w of weights.values()) {
      for (const c of w.chunks) if (!isManifest(c.file)) expect(Object.keys(map.chunks)).toContain(c.file);
    }
  });

  it.each([...publicPaths])("%s: no admin module in its start-up scripts, no admin route in its manifest", (route) => {
    const w = weights.get(route)!;
    const found = w.chunks.flatMap((c) => adminIn(c.file).map((id) => `${path.basename(c.file)}: ${id}`));
    expect(found, `${route} starts with admin code`).toEqual([]);
    const adminRoutes = Object.entries(manifestOf(w.htmlFile).routes)
      .filter(([, r]) => adminIn(r.module.replace(/^\//, "")).length > 0)
      .map(([id]) => id);
    expect(adminRoutes, `${route}'s route manifest lists admin routes`).toEqual([]);
  });

  it("the staff pages' shell still has every admin route in its manifest", () => {
    const routes = Object.values(manifestOf("__spa-fallback.html").routes);
    expect(routes.filter((r) => adminIn(r.module.replace(/^\//, "")).length > 0).length).toBeGreaterThanOrEqual(10);
  });
});
