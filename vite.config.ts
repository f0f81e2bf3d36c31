import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
              // What every public page runs: React, the router, icons, class helpers, the toast
              // region. The Radix primitives are left out: menus, dialogs and sheets load when first used.
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream|lucide-react|clsx|class-variance-authority|sonner)[\\/]/,
              priority: 20,
            },
            {
              // The site's own components and helpers that several pages share.
              name: "shared",
              // Not the wrappers around Radix primitives that load on first use (their Radix
              // dependencies would come along into this eagerly loaded chunk).
              test: (id: string) =>
                /[\\/]app[\\/](components|lib)[\\/]/.test(id) &&
                // The blog's components (and the rich-text renderer) load with the blog's pages.
                !/[\\/]components[\\/]content[\\/]/.test(id) &&
                !/[\\/](dialog|sheet|dropdown-menu|header-menus|tab-bar-sheets|accordion|faq-accordion|switch|checkbox)\.tsx?$/.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
