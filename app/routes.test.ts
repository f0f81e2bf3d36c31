import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes";
import { adminPaths } from "@shared/admin-paths";
import { contentRoutePaths, paths, publicPaths } from "@shared/site-routes";

/** Every URL path the route table serves, as shared/site-routes.ts writes it ("/about"). */
function routedPaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own = entry.index || entry.path !== undefined ? [`/${path}`] : [];
    return [...own, ...routedPaths(entry.children ?? [], path)];
  });
}

describe("app/routes.ts", () => {
  const routed = routedPaths(routes);

  it("has a route for every public, content and admin path of shared/site-routes.ts, and no other page", () => {
    const pages = routed.filter((path) => path !== "/*");
    expect([...pages].sort()).toEqual([...publicPaths, ...contentRoutePaths, ...adminPaths].sort());
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("routes every entry of `paths`", () => {
    for (const path of Object.values(paths)) expect(routed).toContain(path);
  });

  it("sends every other path to the not-found page", () => {
    expect(routed).toContain("/*");
  });
});
