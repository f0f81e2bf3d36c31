import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./shared/site-routes";

export default {
  ssr: false,
  // BUILD_DIR lets parallel builds (several developers' test runs on one machine) not collide.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every public page is rendered to static HTML at build time; admin pages are client-only.
  prerender: prerenderPaths,
  // React Router 7's behaviour, stated: the v8 changes are taken with React Router 8 itself (it
  // needs Node 22). Left unset, each flag prints a multi-line warning on every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
