import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./shared/site-routes";

export default {
  ssr: false,
  // BUILD_DIR lets parallel builds (several developers' test runs on one machine) not collide.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every public page is rendered to static HTML at build time; admin pages are client-only.
  prerender: prerenderPaths,
} satisfies Config;
