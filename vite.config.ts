import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { chunkModules } from "./scripts/chunk-modules.ts";
import { lucideDirectImports } from "./scripts/lucide-direct-imports.ts";

const ADMIN_ROUTE = /[\\/]app[\\/]routes[\\/]admin[\\/]/;

/**
 * Whether the public site's code reaches a module: a path of static or dynamic imports leads to
 * it from an entry that is not an admin route (the root, the client entry, a public route). The
 * chunk groups below take only such modules, so what only the staff area uses (better-auth and
 * its passkey and two-factor clients, React Query, an icon only an admin screen draws) stays in
 * the admin chunks instead of riding in the chunks every public page loads (docs/decisions/0303).
 * Searches the module's importers back to an entry; a complete answer is remembered, per chunking
 * pass (rolldown reuses a pass's module records).
 */
const publicAnswers = new WeakMap<object, boolean>();
function reachedByPublicSite(id: string, ctx: ChunkingContext): boolean {
  const start = ctx.getModuleInfo(id);
  if (!start) return false;
  const known = publicAnswers.get(start);
  if (known !== undefined) return known;
  const seen = new Set<string>([id]);
  const stack = [start];
  let found = false;
  while (stack.length > 0 && !found) {
    const info = stack.pop()!;
    if (ADMIN_ROUTE.test(info.id) || publicAnswers.get(info) === false) continue;
    if (info.isEntry || publicAnswers.get(info) === true) found = true;
    for (const importer of [...info.importers, ...info.dynamicImporters]) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      const next = ctx.getModuleInfo(importer);
      if (next) stack.push(next);
    }
  }
  publicAnswers.set(start, found);
  return found;
}

/** A chunk group's name for the public site's modules; the staff area's are left to rolldown's own splitting. */
const publicGroup = (name: string) => (id: string, ctx: ChunkingContext) => (reachedByPublicSite(id, ctx) ? name : null);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), lucideDirectImports(), chunkModules()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@shared": fileURLToPath(new URL("./shared", import.meta.url)),
    },
  },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    sourcemap: false,
    // PROFILE_BUILD=1 keeps names readable for profiling (never for a deployed build).
    minify: process.env.PROFILE_BUILD !== "1",
    rolldownOptions: {
      // Rolldown's report of slow plugin callbacks names react-router's own prerendering and
      // route-module plugins on a busy machine: nothing this project can act on, printed on
      // every build (docs/decisions/0007).
      checks: { bundlerTimings: false },
      output: {
        // A page used to load about 50 small chunks (one per icon, per UI primitive). Each is
        // fetched, compiled on the main thread and linked as its own task; a few larger chunks
        // compile off the main thread and cost the page far fewer tasks (docs/decisions/0303).
        codeSplitting: {
          groups: [
            {
              // What every public page runs: React, the router, icons, class helpers. Toasts
              // (sonner) load with the first toast; the Radix primitives when first used.
              name: publicGroup("framework"),
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream|lucide-react|clsx|class-variance-authority)[\\/]/,
              priority: 20,
            },
            {
              // The site's own components and helpers that several pages share.
              name: publicGroup("shared"),
              // Not the wrappers around Radix primitives that load on first use (their Radix
              // dependencies would come along into this eagerly loaded chunk).
              test: (id: string) =>
                /[\\/]app[\\/](components|lib)[\\/]/.test(id) &&
                // The blog's components (and the rich-text renderer) load with the blog's pages.
                !/[\\/]components[\\/]content[\\/]/.test(id) &&
                !/[\\/](sheet|dropdown-menu|header-menus|tab-bar-sheets|accordion|faq-accordion|switch|checkbox)\.tsx?$/.test(id) &&
                // A customer story's proof loads only where one is published (lazy-story-proof.tsx).
                !/[\\/]story-proof\.tsx$/.test(id),
              minShareCount: 2,
              priority: 10,
            },
            {
              // The FAQ and rich text (the studio's answers and posts): one chunk for /faq,
              // /compare's and /enterprise's FAQ and the blog, not five small ones. Below the
              // shared group, so what they import from it stays there.
              name: publicGroup("faq-and-rich-text"),
              test: /[\\/](app[\\/]components[\\/]content[\\/]rich-text\.tsx|shared[\\/]content[\\/]rich-text-rules\.ts|app[\\/]components[\\/]marketing[\\/]faq-accordion\.tsx|app[\\/]components[\\/]ui[\\/]accordion\.tsx|app[\\/]content[\\/]faq\.ts)$/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
