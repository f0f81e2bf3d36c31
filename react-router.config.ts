import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./shared/site-routes";

export default {
  ssr: false,
  // BUILD_DIR lets parallel builds (several developers' test runs on one machine) not collide.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every public page is rendered to static HTML at build time; admin pages are client-only.
  prerender: prerenderPaths,
  // React Router 8's behaviour on 7.x (8 needs Node 22, docs/decisions/0007): every v8 flag on, so
  // the major is a version bump. Left unset, each flag prints a multi-line warning on every build.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
