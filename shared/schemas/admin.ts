import "./zod-csp";
import { z } from "zod";
import { bookingSourceForms } from "./lead-sources";

/**
 * Admin validation rules and messages (docs/product.md#admin-form-validation), used by the admin
 * forms and the server.
 */

export const ADMIN_PASSWORD_MIN_LENGTH = 6;

export const loginSchema = z.object({
  email: z.string().trim().email("Invalid email address"),
  password: z.string().min(ADMIN_PASSWORD_MIN_LENGTH, "Password must be at least 6 characters"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const appRoles = ["admin", "moderator", "user"] as const;
export type AppRole = (typeof appRoles)[number];

export const assignRoleSchema = z.object({
  userId: z.string().trim().uuid("Invalid user ID format"),
  role: z.enum(appRoles).default("user"),
});
export type AssignRoleInput = z.input<typeof assignRoleSchema>;

export const findUserSchema = z.object({
  email: z.string().trim().toLowerCase().email("Invalid email address"),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, "Enter one of your backup codes"),
});

export { bookingSourceForms, bookingSourceLabels, botCheckLabels, type BookingSourceForm, type BotCheckOutcome } from "./lead-sources";

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Not a valid date");

const bookingFilterFields = z.object({
  q: z.string().trim().max(200, "Search must be less than 200 characters").optional(),
  source: z.enum(bookingSourceForms).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const datesInOrderError = { message: "The start date must not be after the end date", path: ["to"] };

/** Filters of the bookings list and its CSV export; dates are whole days in UTC, both inclusive. */
export const bookingFiltersSchema = bookingFilterFields.refine(datesInOrder, datesInOrderError);
export type BookingFilters = z.infer<typeof bookingFiltersSchema>;

export const BOOKINGS_PAGE_SIZE_DEFAULT = 25;
export const BOOKINGS_PAGE_SIZE_MAX = 100;

/** The bookings list's query: the filters, and keyset paging from the previous page's cursor. */
export const bookingsListQuerySchema = bookingFilterFields
  .extend({
    cursor: z.string().max(200, "Invalid page cursor").optional(),
    limit: z.coerce.number().int().min(1).max(BOOKINGS_PAGE_SIZE_MAX).default(BOOKINGS_PAGE_SIZE_DEFAULT),
  })
  .refine(datesInOrder, datesInOrderError);
