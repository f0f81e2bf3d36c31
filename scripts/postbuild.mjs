// Post-processing of the prerendered build:
// - render the admin area's SPA shell (__spa-fallback.html): React Router writes it only with
//   ssr:false, and this build has a server build for form answers (docs/decisions/0501), so it
//   is rendered here the way React Router renders it, in SPA mode, the root's HydrateFallback only;
// - drop <link rel="modulepreload"> from the HTML: they put every chunk on the critical path
//   ahead of first paint (docs/decisions/0004; measured as the no-postbuild-html variant,
//   docs/performance.md (a));
// - leave the staff routes out of the route manifest the public pages load: React Router lists
//   every route in it (routeDiscovery "initial"); the SPA shell gets a copy with all of them;
// - precompress static assets with brotli and gzip once, so the server does no compression work;
//   HTML is compressed by the server after it fills in the deployment's values;
// - write a stamp so `npm start` knows the build is current.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "react-router";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

// React Router honours the SPA-mode header only in a build-time request.
process.env.IS_RR_BUILD_REQUEST = "yes";
const serverBuild = await import(pathToFileURL(path.join(buildDir, "server", "react-router.js")).href);
const shell = await createRequestHandler(serverBuild, "production")(
  new Request("http://localhost/", { headers: { "X-React-Router-SPA-Mode": "yes" } }),
);
delete process.env.IS_RR_BUILD_REQUEST;
if (shell.status !== 200) throw new Error(`postbuild: the SPA shell rendered with status ${shell.status}`);
fs.writeFileSync(path.join(clientDir, "__spa-fallback.html"), await shell.text());

const staffManifest = splitRouteManifest();

let pages = 0;
for (const file of [...walk(clientDir)].filter((f) => f.endsWith(".html"))) {
  let html = fs.readFileSync(file, "utf8").replace(/<link rel="modulepreload" href="[^"]*"\/?>/g, "");
  if (path.basename(file) === "__spa-fallback.html") {
    if (!html.includes(staffManifest.publicUrl)) throw new Error(`postbuild: the SPA shell does not import ${staffManifest.publicUrl}`);
    html = html.replace(staffManifest.publicUrl, staffManifest.url);
  }
  fs.writeFileSync(file, html);
  pages++;
}

let compressed = 0;
for (const file of [...walk(clientDir)]) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length <= 256) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  compressed++;
}
fs.writeFileSync(path.join(buildDir, ".build-stamp"), new Date().toISOString());
console.log(`postbuild: processed ${pages} HTML files, precompressed ${compressed} assets`);

/**
 * React Router writes one route manifest (assets/manifest-<hash>.js) naming every route, the
 * staff area's too (app/routes/admin/). It stays under its name with the staff routes taken out,
 * so every page that imports it (the prerendered pages, and the pages React Router's server
 * renders for a form posted without JavaScript) starts without them; the SPA shell, which serves
 * the staff pages, gets the whole manifest under a name of its own. A public page has no link to
 * a staff page; were one followed in the browser, the not-found route loads it as a new document
 * (app/routes/not-found.tsx).
 */
function splitRouteManifest() {
  const assets = path.join(clientDir, "assets");
  const files = fs.readdirSync(assets).filter((f) => /^manifest-(?!staff-)[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`postbuild: expected one route manifest in ${assets}, found ${files.length}`);
  const file = path.join(assets, files[0]);
  const source = fs.readFileSync(file, "utf8");
  const prefix = "window.__reactRouterManifest=";
  if (!source.startsWith(prefix)) throw new Error(`postbuild: ${files[0]} is not a route manifest React Router wrote`);
  const manifest = JSON.parse(source.slice(prefix.length).replace(/;\s*$/, ""));
  const isStaff = (id) => id.startsWith("routes/admin/");
  const staffRoutes = Object.keys(manifest.routes).filter(isStaff);
  if (staffRoutes.length === 0) throw new Error("postbuild: the route manifest has no staff route (app/routes/admin/)");
  const publicRoutes = Object.fromEntries(Object.entries(manifest.routes).filter(([id]) => !isStaff(id)));
  const hash = crypto.createHash("sha256").update(source).digest("hex").slice(0, 8);
  const staffName = `manifest-staff-${hash}.js`;
  fs.writeFileSync(path.join(assets, staffName), source);
  fs.writeFileSync(file, `${prefix}${JSON.stringify({ ...manifest, routes: publicRoutes })};`);
  return { publicUrl: `/assets/${files[0]}`, url: `/assets/${staffName}` };
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
