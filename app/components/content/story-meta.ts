import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { jsonLd } from "~/lib/seo";
import { storyCardPath, storyPath } from "@shared/site-routes";
import type { StoryPageData } from "@shared/content/site-content";

/**
 * A customer story (decision 0906): canonical URL, Open Graph and Twitter tags whose image is its
 * generated share card, and schema.org Article, as a post's.
 */
export function storyMeta(story: StoryPageData): MetaDescriptor[] {
  const { publicUrl } = getRuntimeConfig();
  const url = `${publicUrl}${storyPath(story.slug)}`;
  const card = `${publicUrl}${storyCardPath(story.slug)}`;
  const description = story.problem[0] ?? story.title;
  return [
    { title: `${story.title} | ${brand.name}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: story.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: card },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: story.title },
    { property: "article:published_time", content: story.publishedAt },
    { property: "article:modified_time", content: story.updatedAt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: story.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: card },
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: story.title,
      description,
      url,
      mainEntityOfPage: url,
      image: [card, ...(story.logo ? [`${publicUrl}${story.logo.url}`] : [])],
      datePublished: story.publishedAt,
      dateModified: story.updatedAt,
      author: { "@type": "Organization", name: brand.name },
      publisher: { "@type": "Organization", name: brand.name, logo: { "@type": "ImageObject", url: `${publicUrl}/favicon.svg` } },
      about: { "@type": "Organization", name: story.company },
    }),
  ];
}
