// Post-processing of the prerendered build:
// - drop <link rel="modulepreload"> from the HTML: they put every chunk on the critical path
//   ahead of first paint (docs/decisions/0004; measured by comparing the no-defer and
//   no-postbuild-html variants of scripts/perf-variant.mjs);
// - start the page's scripts after its first paint: React Router's inline module script (which
//   imports the route modules and then the client entry) moves into a content-hashed file under
//   /assets, started by a small inline loader once the browser has painted (docs/decisions/0303);
// - precompress static assets with brotli and gzip once, so the server does no compression work;
//   HTML is compressed by the server after it fills in the deployment's values;
// - write a stamp so `npm start` knows the build is current.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");
const assetsDir = path.join(clientDir, "assets");

let pages = 0;
for (const file of [...walk(clientDir)].filter((f) => f.endsWith(".html"))) {
  const html = fs.readFileSync(file, "utf8");
  const stripped = html.replace(/<link rel="modulepreload" href="[^"]*"\/?>/g, "");
  fs.writeFileSync(file, deferModuleScript(stripped, file));
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
 * React Router ends each page with an inline `<script type="module" async>` that imports the
 * route modules and the client entry. An async module runs as soon as its imports arrive, which
 * on a fast connection is before the page's first paint: the browser then fetches, compiles and
 * hydrates before it shows the prerendered content that was ready all along. Here that script's
 * text moves into /assets/boot-<hash>.js, and a classic inline loader adds it as a module script
 * once the browser reports the first contentful paint (where paint timing is missing: after the
 * next frame). A timer starts it anyway where nothing is painted (a tab opened in the background).
 */
function deferModuleScript(html, file) {
  const pattern = /<script type="module" async="">([\s\S]*?)<\/script>/;
  const match = pattern.exec(html);
  if (!match) throw new Error(`postbuild: no module script in ${path.relative(buildDir, file)}`);
  const source = match[1];
  const name = `boot-${crypto.createHash("sha256").update(source).digest("base64url").slice(0, 10)}.js`;
  fs.writeFileSync(path.join(assetsDir, name), source);
  const loader = `(function(){
var started=0;
function start(){if(started)return;started=1;var s=document.createElement("script");s.type="module";s.src="/assets/${name}";document.body.appendChild(s)}
var P=window.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){
new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});
setTimeout(start,1000)}
else{requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,250)}
})()`.replace(/\n/g, "");
  return html.replace(pattern, () => `<script>${loader}</script>`);
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
