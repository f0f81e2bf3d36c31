import { customersPath, paths } from "@shared/site-routes";
import { BRAND_NAME } from "@shared/brand";

/**
 * Names the requirements leave out (docs/product.md#what-it-is). Every value here is a
 * placeholder to replace before launch
 * (see docs/decisions/0003-placeholder-content.md).
 */
export const brand = {
  /** PLACEHOLDER: the company's product name (shared/brand.ts: the server names the site too). */
  name: BRAND_NAME,
  /** PLACEHOLDER: the contact-centre AI platform we resell. */
  platformName: "the Contact-Centre AI Platform",
  tagline: "Enterprise-grade AI agents for SMBs",
  resellerBadge: "Authorized reseller of the Contact-Centre AI Platform",
  shortPitch: "AI agents for voice, SMS, email and social in one queue.",
} as const;

export type NavLink = { label: string; to: string; description?: string };

export const industryLinks: NavLink[] = [
  { label: "Law Firms", to: paths.industryLaw },
  { label: "Home Services & Trades", to: paths.industryTrades },
  { label: "Insurance", to: paths.industryInsurance },
];

export const featurePageLinks: NavLink[] = [
  { label: "Omnichannel Communications", to: paths.featureOmnichannel },
  { label: "Agentic Automation", to: paths.featureAgenticAutomation },
  { label: "AI Guru", to: paths.featureAiGuru },
  { label: "Analytics & Insights", to: paths.featureAnalytics },
];

export const solutionsMenu = {
  features: { label: "Features", to: paths.features },
  compare: { label: "Compare costs", to: paths.compare },
  industriesLabel: "Industries",
} as const;

/** Resources: the internal pages; Merch is external and appended where the menu renders. */
export const resourceLinks: NavLink[] = [
  { label: "About", to: paths.about },
  { label: "Careers", to: paths.careers },
  { label: "FAQ", to: paths.faq },
];

/** Joins Resources once the blog has a published post (docs/decisions/0903). */
export const blogNavLink: NavLink = { label: "Blog", to: paths.blog };

/** Joins Resources, before the Blog, once a customer story is published (docs/decisions/0906). */
export const customersNavLink: NavLink = { label: "Customers", to: customersPath };

export const merchLabel = "Merch";

export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", to: paths.features },
      { label: "Pricing", to: paths.pricing },
      { label: "FAQ", to: paths.faq },
    ],
  },
  { title: "Industries", links: industryLinks },
  {
    title: "Company",
    links: [
      { label: "About", to: paths.about },
      { label: "Contact", to: paths.contact },
    ],
  },
];

/** The words of the site's chrome on every public page: header, its menus, the phone tab bar and sheets. */
export const navLabels = {
  skipToContent: "Skip to content",
  solutions: "Solutions",
  resources: "Resources",
  plans: "Plans",
  pricing: "Pricing",
  enterprise: "Enterprise",
  openMenu: "Open menu",
  menuTitle: "Menu",
  menuDescription: "Site navigation",
  solutionsSheetDescription: "Features, cost comparison and industries",
  resourcesSheetDescription: "About us, careers, FAQ and merch",
  /** The phone tab bar's first and last tabs. */
  homeTab: "Home",
  bookTab: "Book",
} as const;

export const footerLabels = {
  /** After "© <year> <name>." */
  rightsReserved: "All rights reserved.",
  cookieSettings: "Cookie settings",
} as const;
