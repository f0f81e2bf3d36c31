import { paths } from "./site-routes";

/*
 * The staff pages' paths, apart from shared/site-routes.ts: the server and the public 404 page
 * need them, and every public page's start-up scripts hold site-routes.ts (a 404 page's own chunk
 * holds this one).
 */

/** Staff pages: rendered in the browser only, served from the SPA shell. */
export const adminPaths = [
  paths.admin,
  paths.adminLogin,
  paths.adminDashboard,
  paths.adminBookings,
  paths.adminUsers,
  paths.adminNotifications,
  paths.adminLeads,
  paths.adminLead,
  paths.adminAnalytics,
  paths.adminPrivacy,
  paths.adminForgotPassword,
  paths.adminResetPassword,
  paths.adminAcceptInvitation,
  paths.adminAccount,
  paths.adminContent,
  paths.adminPostNew,
  paths.adminPost,
  paths.adminPrices,
  paths.adminFaq,
  paths.adminFaqNew,
  paths.adminFaqItem,
  paths.adminRoles,
  paths.adminRoleNew,
  paths.adminRole,
  paths.adminTestimonials,
  paths.adminTestimonialNew,
  paths.adminTestimonial,
  paths.adminStories,
  paths.adminStoryNew,
  paths.adminStory,
] as const;

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/** Whether a URL path is one of the staff pages, a `:id` matching a uuid (served from the SPA shell). */
export function isAdminPath(urlPath: string): boolean {
  return adminPaths.some((p) => (p.includes(":") ? new RegExp(`^${p.replace(/:[a-z]+/gi, UUID)}$`).test(urlPath) : p === urlPath));
}
