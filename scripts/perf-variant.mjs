// Builds the committed site (HEAD) with one load-performance mechanism switched off, to measure
// what that mechanism buys (docs/performance.md). The working tree is never touched: HEAD is
// exported to a temporary folder (git archive), the named change is applied there, and the build
// is written to the output folder.
//
//   node scripts/perf-variant.mjs --list
//   node scripts/perf-variant.mjs base build-perf-base          # HEAD as committed
//   node scripts/perf-variant.mjs no-groups build-perf-g        # default: build-perf-<variant>
//   node scripts/perf-variant.mjs no-intent,no-first-use build-perf-x      # several at once
//   PERF_REF=abc1234 node scripts/perf-variant.mjs base            # another commit than HEAD
//
// Build every variant of one comparison from the same commit (PERF_REF), since HEAD moves.
//
// Each change is a text replacement in one file; when the file has moved on and the text is not
// found, the script stops and says which variant needs updating. Never commit these changes.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const replace = (file, find, replacement) => ({ file, find, replacement });

/** Each mechanism, switched off the way the simplest code without it would be written. */
const variants = {
  base: { what: "HEAD as committed", edits: [] },
  "no-postbuild-html": {
    what: "(a) postbuild leaves the HTML as React Router writes it, modulepreload links included",
    edits: [
      replace(
        "scripts/postbuild.mjs",
        'fs.writeFileSync(file, html.replace(/<link rel="modulepreload" href="[^"]*"\\/?>/g, ""));',
        "fs.writeFileSync(file, html);",
      ),
    ],
  },
  "no-intent": {
    what: "(b) the inline lead forms on /contact and /enterprise are imported statically and hydrate with the page",
    edits: [
      replace(
        "app/routes/contact.tsx",
        /const ContactForm = React\.lazy\(\(\) =>\s*import\("~\/features\/contact\/contact-form"\)\.then\(\(m\) => \(\{ default: m\.ContactForm \}\)\),\s*\);/,
        'import { ContactForm } from "~/features/contact/contact-form";',
      ),
      replace("app/routes/contact.tsx", /<HydrateOnIntent>\s*<ContactForm \/>\s*<\/HydrateOnIntent>/, "<ContactForm />"),
      replace(
        "app/routes/enterprise.tsx",
        /const EnterpriseRequestForm = React\.lazy\(\(\) =>\s*import\("~\/features\/enterprise\/enterprise-request-form"\)\.then\(\(m\) => \(\{ default: m\.EnterpriseRequestForm \}\)\),\s*\);/,
        'import { EnterpriseRequestForm } from "~/features/enterprise/enterprise-request-form";',
      ),
      replace("app/routes/enterprise.tsx", /<HydrateOnIntent>\s*<EnterpriseRequestForm \/>\s*<\/HydrateOnIntent>/, "<EnterpriseRequestForm />"),
    ],
  },
  "no-first-use": {
    what: "(h) dialogs (booking, consultation, consent preferences) mount with the page: useEverTrue always true",
    edits: [replace("app/lib/deferred-mount.ts", "return ever || flag;", "return true;")],
  },
  "no-suspense-slices": {
    what: "(h) no <Suspense> around the route outlet and the footer: the whole page hydrates in one pass",
    edits: [
      replace("app/routes/public-layout.tsx", /<Suspense>\s*(<Outlet \/>)\s*<\/Suspense>/, "$1"),
      replace("app/routes/public-layout.tsx", /<Suspense>\s*(<SiteFooter \/>)\s*<\/Suspense>/, "$1"),
      replace("app/routes/public-layout.tsx", 'import { Suspense } from "react";', ""),
    ],
  },
  intl: {
    what: "(e) format.ts formats with Intl.NumberFormat instances built when the module is imported",
    edits: [
      replace(
        "app/content/format.ts",
        /[\s\S]*/,
        `const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
export const formatUsd = (value: number) => usd.format(value);
export const formatUsdCents = (value: number) => usdCents.format(value);
export const formatCount = (value: number) => integer.format(value);
export const formatUsdRange = (low: number, high: number) =>
  low === high ? formatUsd(low) : \`\${formatUsd(low)}–\${formatUsd(high)}\`;
`,
      ),
    ],
  },
  "tailwind-merge": {
    what: "(f) cn() runs tailwind-merge over clsx's output, as shadcn's template does",
    edits: [
      replace("app/lib/cn.ts", 'import { clsx, type ClassValue } from "clsx";', 'import { clsx, type ClassValue } from "clsx";\nimport { twMerge } from "tailwind-merge";'),
      replace("app/lib/cn.ts", "return clsx(inputs);", "return twMerge(clsx(inputs));"),
    ],
  },
  "no-groups": {
    what: "(g) no chunk groups: rolldown's default code splitting",
    edits: [replace("vite.config.ts", "codeSplitting: {", "codeSplitting: true || {")],
  },
};

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--list") {
  for (const [name, v] of Object.entries(variants)) console.log(`${name.padEnd(20)} ${v.what}`);
  process.exit(args.length === 0 ? 2 : 0);
}
const names = args[0].split(",");
for (const name of names) {
  if (!variants[name]) {
    console.error(`Unknown variant ${name}; --list shows them.`);
    process.exit(2);
  }
}
const root = path.resolve(import.meta.dirname, "..");
const outDir = path.resolve(args[1] ?? `build-perf-${names.join("+")}`);
const commit = execFileSync("git", ["-C", root, "rev-parse", "--short", process.env.PERF_REF ?? "HEAD"], { encoding: "utf8" }).trim();
const src = fs.mkdtempSync(path.join(os.tmpdir(), "agentdesk-variant-"));
try {
  execSync(`git -C ${JSON.stringify(root)} archive ${commit} | tar -x -C ${JSON.stringify(src)}`, { stdio: "inherit" });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(src, "node_modules"));
  for (const name of names) {
    for (const { file, find, replacement } of variants[name].edits) {
      const full = path.join(src, file);
      const before = fs.readFileSync(full, "utf8");
      const found = typeof find === "string" ? before.includes(find) : find.test(before);
      if (!found) throw new Error(`variant ${name}: ${file} no longer contains ${find}; update scripts/perf-variant.mjs`);
      fs.writeFileSync(full, typeof find === "string" ? before.replace(find, () => replacement) : before.replace(find, replacement));
    }
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  const env = { ...process.env, BUILD_DIR: outDir };
  // The package's own build (client, postbuild, server) as committed, so the output is served the
  // same way as ./build.
  execFileSync("npm", ["run", "-s", "build"], { cwd: src, env, stdio: ["ignore", "ignore", "inherit"] });
  console.log(`${names.join("+")}: built ${commit} into ${path.relative(root, outDir) || outDir}`);
} finally {
  fs.rmSync(src, { recursive: true, force: true });
}
