/**
 * The route table shared by the build (what to prerender), the server (what to serve, what
 * falls back to the SPA shell, what is a 404) and the sitemap. Page titles and copy live in
 * app/content; this module holds paths only, so the server never imports UI code.
 */
export const paths = {
  home: "/",
  about: "/about",
  careers: "/careers",
  features: "/features",
  featureAgenticAutomation: "/features/agentic-automation",
  featureOmnichannel: "/features/omnichannel",
  featureAnalytics: "/features/analytics",
  featureAiGuru: "/features/ai-guru",
  pricing: "/pricing",
  compare: "/compare",
  faq: "/faq",
  contact: "/contact",
  book: "/book",
  enterprise: "/enterprise",
  industryLaw: "/industries/law",
  industryTrades: "/industries/trades",
  industryInsurance: "/industries/insurance",
  bookingSuccess: "/booking-success",
  admin: "/admin",
  adminLogin: "/admin/login",
  adminDashboard: "/admin/dashboard",
  adminBookings: "/admin/bookings",
  adminUsers: "/admin/users",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Public pages, prerendered to static HTML and listed in the sitemap (in this order). */
export const publicPaths = [
  paths.home,
  paths.features,
  paths.featureAgenticAutomation,
  paths.featureOmnichannel,
  paths.featureAnalytics,
  paths.featureAiGuru,
  paths.pricing,
  paths.compare,
  paths.enterprise,
  paths.industryLaw,
  paths.industryTrades,
  paths.industryInsurance,
  paths.about,
  paths.careers,
  paths.faq,
  paths.contact,
  paths.book,
  paths.bookingSuccess,
] as const;

/** Pages that are public but not worth indexing (a confirmation page reached after a booking). */
export const unindexedPaths: readonly string[] = [paths.bookingSuccess];

/** Staff pages: rendered in the browser only, served from the SPA shell. */
export const adminPaths = [
  paths.admin,
  paths.adminLogin,
  paths.adminDashboard,
  paths.adminBookings,
  paths.adminUsers,
] as const;

/** The not-found page is prerendered at this path and served with status 404 for unknown paths. */
export const notFoundPrerenderPath = "/__not-found";

export const prerenderPaths: string[] = [...publicPaths, notFoundPrerenderPath];
