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
  bookDemo: "/book-demo",
  enterprise: "/enterprise",
  industryLaw: "/industries/law",
  industryTrades: "/industries/trades",
  industryInsurance: "/industries/insurance",
  bookingSuccess: "/booking-success",
  /** The blog (docs/decisions/0903): rendered on request from the published content, not prerendered. */
  blog: "/blog",
  admin: "/admin",
  adminLogin: "/admin/login",
  adminDashboard: "/admin/dashboard",
  adminBookings: "/admin/bookings",
  adminUsers: "/admin/users",
  adminNotifications: "/admin/notifications",
  adminLeads: "/admin/leads",
  /** One lead's page: `:id` is the lead's uuid (adminLeadPath builds it). */
  adminLead: "/admin/leads/:id",
  /** The funnel report: range and row filter in the query. */
  adminAnalytics: "/admin/analytics",
  /** A person's data on request: export and erase by e-mail address. */
  adminPrivacy: "/admin/privacy",
  /** Staff self-service (docs/decisions/0205): the token is in the link's fragment, never the path or query. */
  adminForgotPassword: "/admin/forgot-password",
  adminResetPassword: "/admin/reset-password",
  adminAcceptInvitation: "/admin/accept-invitation",
  /** A staff member's own sign-in methods and devices; the set-up page where two-factor is required. */
  adminAccount: "/admin/account",
  /** The content studio (docs/decisions/0903): the list of posts, filtered by `?status=`. */
  adminContent: "/admin/content",
  /** A post not saved yet; its first write gives it an id and the editor moves to adminPost. */
  adminPostNew: "/admin/content/posts/new",
  /** One post's editor: `:id` is the post's uuid (adminPostPath builds it). */
  adminPost: "/admin/content/posts/:id",
  /** The prices (decision 0904): one entry, its own page. */
  adminPrices: "/admin/content/prices",
  /** The FAQ items, in their order; each opens its editor (adminFaqItemPath). */
  adminFaq: "/admin/content/faq",
  adminFaqNew: "/admin/content/faq/new",
  adminFaqItem: "/admin/content/faq/:id",
  /** The open roles (decision 0905): title, status and closing date; each opens its editor (adminRolePath). */
  adminRoles: "/admin/content/roles",
  adminRoleNew: "/admin/content/roles/new",
  adminRole: "/admin/content/roles/:id",
  /** The testimonials (decision 0906), in their order; each opens its editor (adminTestimonialPath). */
  adminTestimonials: "/admin/content/testimonials",
  adminTestimonialNew: "/admin/content/testimonials/new",
  adminTestimonial: "/admin/content/testimonials/:id",
  /** Customer stories (decision 0906), newest change first; each opens its editor (adminStoryPath). */
  adminStories: "/admin/content/stories",
  adminStoryNew: "/admin/content/stories/new",
  adminStory: "/admin/content/stories/:id",
} as const;

/**
 * A post's draft rendered as its public page will be, for staff only: answered by the server
 * (server/routes/content-preview.ts), not by a route of app/routes.ts nor the SPA shell, so it is
 * in neither `paths` nor adminPaths (adminPostPreviewPath builds it).
 */
export const adminPostPreview = "/admin/content/posts/:id/preview";

/** The blog's RSS 2.0 feed: answered by the server (server/routes/content-feeds.ts), no page. */
export const blogFeedPath = "/blog/rss.xml";

/**
 * The blog's pages as app/routes.ts declares them: not prerendered, rendered on request from the
 * published content (docs/decisions/0903). The server answers only the addresses the content has.
 */
export const contentRoutePaths = ["/blog", "/blog/page/:page", "/blog/tag/:tag", "/blog/tag/:tag/page/:page", "/blog/:slug", "/careers/:slug", "/customers", "/customers/:slug"] as const;

/** An open role's page (decision 0905): rendered on request while the role is open, else the 404. */
export const careersRolePath = (slug: string) => `/careers/${slug}`;

/** A post's page. */
export const blogPostPath = (slug: string) => `/blog/${slug}`;
/** A page of the blog's list (the first is /blog). */
export const blogPagePath = (page: number) => (page <= 1 ? "/blog" : `/blog/page/${page}`);
/** A page of one tag's list. */
export const blogTagPath = (tag: string, page = 1) => (page <= 1 ? `/blog/tag/${tag}` : `/blog/tag/${tag}/page/${page}`);
/** A post's share card (og:image): a 1200x630 PNG drawn from its title (server/content/share-card.ts). */
export const blogCardPath = (slug: string) => `/cards/blog/${slug}.png`;
/** Customer stories (decision 0906): the list, rendered from the published content like the blog. */
export const customersPath = "/customers";
/** A published customer story's page. */
export const storyPath = (slug: string) => `/customers/${slug}`;
/** A story's share card, drawn by the server like a post's. */
export const storyCardPath = (slug: string) => `/cards/customers/${slug}.png`;

/** The page of the lead with this id. */
export const adminLeadPath = (id: string) => `/admin/leads/${encodeURIComponent(id)}`;

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
  paths.bookDemo,
  paths.bookingSuccess,
] as const;

/**
 * Pages that are public but not worth indexing: the confirmation page reached after a booking,
 * and the booking form's own page, where a Book demo button leads when its dialog cannot open
 * (docs/decisions/0501).
 */
export const unindexedPaths: readonly string[] = [paths.bookingSuccess, paths.bookDemo];

/** The inline request form's section on /enterprise, where consult buttons lead without JavaScript. */
export const enterpriseRequestSection = "request";

/** The form's section on /contact: a submission made without JavaScript comes back to it. */
export const contactFormSection = "contact-form";

/** The form's section on /book-demo. */
export const bookDemoSection = "booking-form";

/** The not-found page is prerendered at this path and served with status 404 for unknown paths. */
export const notFoundPrerenderPath = "/__not-found";

export const prerenderPaths: string[] = [...publicPaths, notFoundPrerenderPath];
