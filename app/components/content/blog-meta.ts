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
    { title: `${post.title} | ${brand.name}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: card },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: post.title },
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: card },
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
