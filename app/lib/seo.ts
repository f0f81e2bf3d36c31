import type { MetaDescriptor } from "react-router";
import { pageSeo } from "~/content/seo";
import { brand } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { notFoundPrerenderPath } from "@shared/site-routes";

/** Title, description, canonical URL and Open Graph tags for a page of the route table. */
export function pageMeta(path: string, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  const seo = pageSeo[path];
  if (!seo) throw new Error(`No SEO entry for ${path}: add it to app/content/seo.ts`);
  const { publicUrl } = getRuntimeConfig();
  const url = `${publicUrl}${path === "/" ? "/" : path}`;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { name: "twitter:card", content: "summary" },
  ];
  if (path !== notFoundPrerenderPath) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  } else {
    tags.push({ name: "robots", content: "noindex" });
  }
  return [...tags, ...extra];
}
