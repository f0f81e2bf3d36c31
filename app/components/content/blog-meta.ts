import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { jsonLd } from "~/lib/seo";
import { blogCardPath, blogPostPath } from "@shared/site-routes";
import type { PostPageData } from "@shared/content/site-content";

/* The blog's meta tags, beside its components: only the blog's pages load them. */
/** A list of the blog's posts: its own canonical URL (each page and tag is a page of its own). */
export function blogListMeta(path: string, title: string, description: string): MetaDescriptor[] {
  const { publicUrl } = getRuntimeConfig();
  const url = `${publicUrl}${path}`;
  return [
    { title: `${title} | ${brand.name}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
  ];
}

/**
 * A post: canonical URL, Open Graph and Twitter tags whose image is the post's generated share
 * card (1200x630, not the cover), and schema.org BlogPosting.
 */
export function articleMeta(post: PostPageData): MetaDescriptor[] {
  const { publicUrl } = getRuntimeConfig();
  const url = `${publicUrl}${blogPostPath(post.slug)}`;
  const card = `${publicUrl}${blogCardPath(post.slug)}`;
  const description = post.summary || post.title;
  return [
    ...articlePageMeta({ title: post.title, description, url, card, publishedAt: post.publishedAt, updatedAt: post.updatedAt, tags: post.tags }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      image: [card, ...(post.cover ? [`${publicUrl}${post.cover.url}`] : [])],
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { "@type": "Person", name: post.authorName },
      publisher: { "@type": "Organization", name: brand.name, logo: { "@type": "ImageObject", url: `${publicUrl}/favicon.svg` } },
      keywords: post.tags.join(", ") || undefined,
    }),
  ];
}

/**
 * What a post's page and a customer story's page say of themselves alike: title, description,
 * canonical URL, Open Graph and Twitter tags whose image is the page's generated share card
 * (1200x630, never a cover or logo), and its dates and tags. Each adds its own schema.org object.
 */
export function articlePageMeta(page: { title: string; description: string; url: string; card: string; publishedAt: string; updatedAt: string; tags?: string[] }): MetaDescriptor[] {
  return [
    { title: `${page.title} | ${brand.name}` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    { property: "og:image", content: page.card },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: page.title },
    { property: "article:published_time", content: page.publishedAt },
    { property: "article:modified_time", content: page.updatedAt },
    ...(page.tags ?? []).map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: page.card },
  ];
}
