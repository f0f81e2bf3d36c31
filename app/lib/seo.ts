import type { MetaDescriptor } from "react-router";
import { pageSeo, priceSeo } from "~/content/seo";
import { brand } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { notFoundPrerenderPath } from "@shared/site-routes";

/** Title, description, canonical URL and Open Graph tags for a page of the route table. */
export function pageMeta(path: string, extra: MetaDescriptor[] = [], monthlyPrice?: number): MetaDescriptor[] {
  // A page quoting the price in its title or description quotes the published one (decision 0904).
  const seo = (monthlyPrice === undefined ? undefined : priceSeo(monthlyPrice)[path]) ?? pageSeo[path];
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

/** A JSON-LD block as a meta descriptor (React Router renders it as a script element). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** The company as schema.org Organization (on the home page). */
export function organizationJsonLd(): MetaDescriptor {
  const { publicUrl, supportEmail, supportPhone } = getRuntimeConfig();
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    slogan: brand.tagline,
    description: brand.shortPitch,
    contactPoint: { "@type": "ContactPoint", contactType: "sales", email: supportEmail, telephone: supportPhone },
  });
}

/** The plan as a schema.org Product with its monthly and annual Offers (on /pricing). */
export function planOfferJsonLd(plan: {
  name: string;
  description: string;
  offers: { name: string; price: number; unitCode: "MON" | "ANN" }[];
}): MetaDescriptor {
  const { publicUrl } = getRuntimeConfig();
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name: plan.name,
    description: plan.description,
    brand: { "@type": "Brand", name: brand.name },
    offers: plan.offers.map((offer) => ({
      "@type": "Offer",
      name: offer.name,
      price: offer.price.toFixed(2),
      priceCurrency: "USD",
      url: `${publicUrl}/pricing`,
      availability: "https://schema.org/InStock",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: offer.price.toFixed(2),
        priceCurrency: "USD",
        billingDuration: 1,
        unitCode: offer.unitCode,
      },
    })),
  });
}

/** Questions and answers as schema.org FAQPage (on /faq). */
export function faqPageJsonLd(entries: readonly { question: string; answer: string }[]): MetaDescriptor {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  });
}
