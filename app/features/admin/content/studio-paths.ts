import { adminPostPreview } from "@shared/site-routes";

/* The studio's own addresses, apart from shared/site-routes.ts: every public page loads that
   module, and these are only the studio's. */

/** The studio's editor of the post with this id. */
export const adminPostPath = (id: string) => `/admin/content/posts/${encodeURIComponent(id)}`;
/** The staff-only preview of the post's draft (adminPostPreview). */
export const adminPostPreviewPath = (id: string) => adminPostPreview.replace(":id", encodeURIComponent(id));
/** The studio's editor of the FAQ item with this id. */
export const adminFaqItemPath = (id: string) => `/admin/content/faq/${encodeURIComponent(id)}`;
/** /faq with the FAQ item's saved draft in its place, for staff only. */
export const adminFaqItemPreviewPath = (id: string) => `/admin/content/faq/${encodeURIComponent(id)}/preview`;
/** The studio's editor of the role with this id. */
export const adminRolePath = (id: string) => `/admin/content/roles/${encodeURIComponent(id)}`;
/** A role's draft rendered as its public page will be, for staff only (server/routes/content-preview.ts). */
export const adminRolePreview = "/admin/content/roles/:id/preview";
export const adminRolePreviewPath = (id: string) => adminRolePreview.replace(":id", encodeURIComponent(id));
/** The studio's editor of the testimonial with this id. */
export const adminTestimonialPath = (id: string) => `/admin/content/testimonials/${encodeURIComponent(id)}`;
/** The studio's editor of the customer story with this id. */
export const adminStoryPath = (id: string) => `/admin/content/stories/${encodeURIComponent(id)}`;
/** A customer story's saved draft as its page will be, for staff only. */
export const adminStoryPreviewPath = (id: string) => `/admin/content/stories/${encodeURIComponent(id)}/preview`;
/** The home page with this testimonial's saved draft among the published ones, for staff only. */
export const adminTestimonialPreviewPath = (id: string) => `/admin/content/testimonials/${encodeURIComponent(id)}/preview`;
/** A page as these prices would show it, for staff only (server/routes/content-preview.ts). */
export const adminPricesPreviewPath = (page: "pricing" | "compare" | "faq", prices: { monthly: number; annualYearly: number; annualSavings: number }) =>
  `/admin/content/prices/preview?${new URLSearchParams({ page, monthly: String(prices.monthly), annualYearly: String(prices.annualYearly), annualSavings: String(prices.annualSavings) })}`;
