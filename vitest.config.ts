import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * Two projects, run one after the other by scripts/test.sh:
 * - fast: unit tests and in-process API tests (app.request() against an in-memory database):
 *   CPU-bound, so one worker per core;
 * - process: tests that start real server processes and commands from the build (start-up, crash,
 *   locks, several instances): each child server needs a core of its own, so one file at a time.
 * `npx vitest run` runs both.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@shared": fileURLToPath(new URL("./shared", import.meta.url)),
    },
  },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    environment: "node",
    pool: "forks",
    setupFiles: ["tests/support/vitest-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: ["app/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
          testTimeout: 15_000,
          // A file's beforeAll builds its app on a fresh embedded database (every migration):
          // alone about 2 s, but beside the process tests in `npm test` it took over 30 s twice.
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Files share their worker's module cache instead of importing the server, PGlite and
          // zod again in a fresh process each (29 s -> 19 s). Each file builds its own app and
          // database (tests/support/test-app.ts), so no state is shared through modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          // Child servers wait on a loaded 2-core machine; their own health wait is 90 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
