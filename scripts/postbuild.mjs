// Post-processing of the prerendered build:
// - render the admin area's SPA shell (__spa-fallback.html): React Router writes it only with
//   ssr:false, and this build has a server build for form answers (docs/decisions/0501), so it
//   is rendered here the way React Router renders it, in SPA mode, the root's HydrateFallback only;
// - drop <link rel="modulepreload"> from the HTML: they put every chunk on the critical path
//   ahead of first paint (docs/decisions/0004; measured as the no-postbuild-html variant,
//   docs/performance.md (a));
// - precompress static assets with brotli and gzip once, so the server does no compression work;
//   HTML is compressed by the server after it fills in the deployment's values;
// - write a stamp so `npm start` knows the build is current.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
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

let pages = 0;
for (const file of [...walk(clientDir)].filter((f) => f.endsWith(".html"))) {
  const html = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, html.replace(/<link rel="modulepreload" href="[^"]*"\/?>/g, ""));
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

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
