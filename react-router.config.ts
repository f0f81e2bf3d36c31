import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./shared/site-routes";

export default {
  ssr: false,
  // Every public page is rendered to static HTML at build time; admin pages are client-only.
  prerender: prerenderPaths,
} satisfies Config;
