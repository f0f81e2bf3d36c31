import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./shared/site-routes";

export default {
  // A server build for what cannot be prerendered: the answer to a lead form posted without
  // JavaScript (a route action, docs/decisions/0501). Its own file name: build/server/index.js is
  // the bundle of server/ (scripts/build-server.mjs).
  ssr: true,
  serverBuildFile: "react-router.js",
  // Every route in the page's manifest, as with ssr:false: the server answers no /__manifest.
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets parallel builds (several developers' test runs on one machine) not collide.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every public page is rendered to static HTML at build time; admin pages are client-only, from
  // the SPA shell scripts/postbuild.mjs renders.
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
