// Post-processing of the prerendered build:
// - drop <link rel="modulepreload"> from the HTML: they put every chunk on the critical path
//   ahead of first paint (docs/decisions/0004; measured as the no-postbuild-html variant,
//   docs/performance.md (a));
// - precompress static assets with brotli and gzip once, so the server does no compression work;
//   HTML is compressed by the server after it fills in the deployment's values;
// - write a stamp so `npm start` knows the build is current.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

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
