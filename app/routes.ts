import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
// Relative, not "@shared/...": react-router evaluates this file at build time, without the app's aliases.
import { paths } from "../shared/site-routes";

/** A path of shared/site-routes.ts as a route writes it: relative to `parent`, no leading slash. */
function under(parent: string, path: string): string {
  const base = parent.endsWith("/") ? parent : `${parent}/`;
  if (!path.startsWith(base)) throw new Error(`${path} is not under ${parent}`);
  return path.slice(base.length);
}

const page = (path: string) => under(paths.home, path);
const adminPage = (path: string) => under(paths.admin, path);

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route(page(paths.about), "routes/about.tsx"),
    route(page(paths.careers), "routes/careers.tsx"),
    route(page(paths.features), "routes/features/index.tsx"),
    route(page(paths.featureAgenticAutomation), "routes/features/agentic-automation.tsx"),
    route(page(paths.featureOmnichannel), "routes/features/omnichannel.tsx"),
    route(page(paths.featureAnalytics), "routes/features/analytics.tsx"),
    route(page(paths.featureAiGuru), "routes/features/ai-guru.tsx"),
    route(page(paths.pricing), "routes/pricing.tsx"),
    route(page(paths.compare), "routes/compare.tsx"),
    route(page(paths.faq), "routes/faq.tsx"),
    route(page(paths.contact), "routes/contact.tsx"),
    route(page(paths.book), "routes/book.tsx"),
    route(page(paths.bookDemo), "routes/book-demo.tsx"),
    route(page(paths.enterprise), "routes/enterprise.tsx"),
    route(page(paths.industryLaw), "routes/industries/law.tsx"),
    route(page(paths.industryTrades), "routes/industries/trades.tsx"),
    route(page(paths.industryInsurance), "routes/industries/insurance.tsx"),
    route(page(paths.bookingSuccess), "routes/booking-success.tsx"),
    // The blog: rendered on request from the published content and cached (docs/decisions/0903).
    route(page(paths.blog), "routes/blog/index.tsx", { id: "blog" }),
    route(`${page(paths.blog)}/page/:page`, "routes/blog/index.tsx", { id: "blog-page" }),
    route(`${page(paths.blog)}/tag/:tag`, "routes/blog/tag.tsx", { id: "blog-tag" }),
    route(`${page(paths.blog)}/tag/:tag/page/:page`, "routes/blog/tag.tsx", { id: "blog-tag-page" }),
    route(`${page(paths.blog)}/:slug`, "routes/blog/post.tsx", { id: "blog-post" }),
    // An open role (decision 0905): rendered on request from the published content, like a post.
    route(`${page(paths.careers)}/:slug`, "routes/careers-role.tsx", { id: "careers-role" }),
    // Customer stories (decision 0906): rendered on request from the published content, like the blog.
    route("customers", "routes/customers/index.tsx", { id: "customers" }),
    route("customers/:slug", "routes/customers/story.tsx", { id: "customer-story" }),
    route("*", "routes/not-found.tsx"),
  ]),
  ...prefix(page(paths.admin), [
    layout("routes/admin/admin-layout.tsx", [
      index("routes/admin/index.tsx"),
      route(adminPage(paths.adminLogin), "routes/admin/login.tsx"),
      route(adminPage(paths.adminDashboard), "routes/admin/dashboard.tsx"),
      route(adminPage(paths.adminBookings), "routes/admin/bookings.tsx"),
      route(adminPage(paths.adminUsers), "routes/admin/users.tsx"),
      route(adminPage(paths.adminNotifications), "routes/admin/notifications.tsx"),
      route(adminPage(paths.adminLeads), "routes/admin/leads.tsx"),
      route(adminPage(paths.adminLead), "routes/admin/lead.tsx"),
      route(adminPage(paths.adminAnalytics), "routes/admin/analytics.tsx"),
      route(adminPage(paths.adminPrivacy), "routes/admin/privacy.tsx"),
      route(adminPage(paths.adminForgotPassword), "routes/admin/forgot-password.tsx"),
      route(adminPage(paths.adminResetPassword), "routes/admin/reset-password.tsx"),
      route(adminPage(paths.adminAcceptInvitation), "routes/admin/accept-invitation.tsx"),
      route(adminPage(paths.adminAccount), "routes/admin/account.tsx"),
      route(adminPage(paths.adminContent), "routes/admin/content.tsx"),
      // One editor for a new post and a saved one: "new" is matched before the id. Their ids start
      // with routes/admin/ like every staff route's, so the public pages' manifest leaves them out.
      route(adminPage(paths.adminPostNew), "routes/admin/content-post.tsx", { id: "routes/admin/content-post-new" }),
      route(adminPage(paths.adminPost), "routes/admin/content-post.tsx", { id: "routes/admin/content-post" }),
      route(adminPage(paths.adminPrices), "routes/admin/content-prices.tsx"),
      route(adminPage(paths.adminFaq), "routes/admin/content-faq.tsx"),
      route(adminPage(paths.adminFaqNew), "routes/admin/content-faq-item.tsx", { id: "routes/admin/content-faq-new" }),
      route(adminPage(paths.adminFaqItem), "routes/admin/content-faq-item.tsx", { id: "routes/admin/content-faq-item" }),
      route(adminPage(paths.adminRoles), "routes/admin/content-roles.tsx"),
      route(adminPage(paths.adminRoleNew), "routes/admin/content-role.tsx", { id: "routes/admin/content-role-new" }),
      route(adminPage(paths.adminRole), "routes/admin/content-role.tsx", { id: "routes/admin/content-role" }),
      route(adminPage(paths.adminTestimonials), "routes/admin/content-testimonials.tsx"),
      route(adminPage(paths.adminTestimonialNew), "routes/admin/content-testimonial.tsx", { id: "routes/admin/content-testimonial-new" }),
      route(adminPage(paths.adminTestimonial), "routes/admin/content-testimonial.tsx", { id: "routes/admin/content-testimonial" }),
      route(adminPage(paths.adminStories), "routes/admin/content-stories.tsx"),
      route(adminPage(paths.adminStoryNew), "routes/admin/content-story.tsx", { id: "routes/admin/content-story-new" }),
      route(adminPage(paths.adminStory), "routes/admin/content-story.tsx", { id: "routes/admin/content-story" }),
    ]),
  ]),
] satisfies RouteConfig;
