import { brand } from "./brand";

/** The blog's own words (the posts are the studio's: docs/decisions/0903). */
export const blogCopy = {
  eyebrow: "Blog",
  title: "Notes on answering every customer",
  description: `Guides and stories from ${brand.name} on answering every call, text and message with AI agents, for small teams and enterprises.`,
  lead: "Practical guides on answering every call, text and message, and what teams learn when nothing goes to voicemail.",
  empty: "No posts yet. The first one is on its way.",
  topics: "Topics",
  tagTitle: (tag: string) => `Posts about ${tag}`,
  tagDescription: (tag: string) => `Every ${brand.name} blog post tagged ${tag}, newest first.`,
  backToBlog: "← All posts",
  related: "Keep reading",
  ctaTitle: "See it answer your calls",
  ctaLead: "A 10-minute demo on your own use case: how the agent answers, books and follows up.",
} as const;
