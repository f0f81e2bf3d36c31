import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { jsonLd } from "~/lib/seo";
import { articlePageMeta } from "./blog-meta";
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
    ...articlePageMeta({ title: story.title, description, url, card, publishedAt: story.publishedAt, updatedAt: story.updatedAt }),
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
