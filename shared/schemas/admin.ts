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

export const appRoles = ["admin", "moderator", "editor", "user"] as const;
export type AppRole = (typeof appRoles)[number];

/**
 * The roles that open the admin area (docs/decisions/0204): `admin` everything, `moderator` the
 * lead desk only, `editor` the content studio only (docs/decisions/0903); `user` nothing.
 */
export const staffRoles = ["admin", "moderator", "editor"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Who works the lead desk, and so who can own a lead: never an editor. */
export const leadDeskRoles = ["admin", "moderator"] as const satisfies readonly StaffRole[];

/** Who works the content studio. */
export const contentRoles = ["admin", "editor"] as const satisfies readonly StaffRole[];

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

/**
 * The days the bookings filters accept (docs/decisions/0203): wide enough for any lead this
 * business will hold, narrow enough that a day, the day after it and every timestamp between
 * are ordinary dates for JavaScript and PostgreSQL alike. The filter's date inputs use them as
 * their min and max.
 */
export const BOOKINGS_DATE_MIN = "2000-01-01";
export const BOOKINGS_DATE_MAX = "2100-12-31";
export const BOOKINGS_DATE_RANGE_MESSAGE = `Use a date between ${BOOKINGS_DATE_MIN} and ${BOOKINGS_DATE_MAX}`;

/** True for YYYY-MM-DD naming a day the calendar has (no 2026-02-30, no month 13). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A filter day: YYYY-MM-DD, a real calendar day within the admin range. */
export const adminFilterDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD")
  .refine(isCalendarDate, "Not a valid date")
  // Same-length ISO days compare as text.
  .refine((value) => value >= BOOKINGS_DATE_MIN && value <= BOOKINGS_DATE_MAX, BOOKINGS_DATE_RANGE_MESSAGE);

/**
 * Search text. PostgreSQL refuses NUL in text, and half a surrogate pair (which JSON can carry)
 * in the export's audit row. The searched fields (name, email, company) are single lines whose
 * forms refuse control characters, so such a search could find nothing new: it is refused with a
 * message rather than quietly turned into another search.
 */
const controlCharacter = /\p{Cc}/u;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const adminSearchText = z
  .string()
  .trim()
  .max(200, "Search must be less than 200 characters")
  .refine((value) => !controlCharacter.test(value), "Search must not contain control characters")
  .refine((value) => !loneSurrogate.test(value), "Search must be valid Unicode text");

const bookingFilterFields = z.object({
  q: adminSearchText.optional(),
  source: z.enum(bookingSourceForms).optional(),
  from: adminFilterDate.optional(),
  to: adminFilterDate.optional(),
});

export const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
export const datesInOrderError = { message: "The start date must not be after the end date", path: ["to"] };

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

/** Passwords staff set themselves (invitation, reset): at least 8, at most 128 characters (better-auth's bounds). */
export const STAFF_PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
const newPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `Password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters`);

/** The invite form on /admin/users (docs/decisions/0205): a staff role only, `user` opens nothing. */
export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().email("Invalid email address").max(254, "Invalid email address"),
  role: z.enum(staffRoles, "Choose admin, moderator or editor"),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** A link's token (invitation, reset): what the e-mail's link carries after `#token=`. */
export const linkTokenSchema = z.object({ token: z.string().trim().min(16, "This link is not valid").max(200, "This link is not valid") });

/** The acceptance page and the reset page: a new password typed twice. */
export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** POST /api/staff/invitations/accept. */
export const acceptInvitationSchema = linkTokenSchema.extend({ password: newPassword });

/** The forgot-password form. */
export const forgotPasswordSchema = z.object({ email: z.string().trim().toLowerCase().email("Invalid email address") });

/**
 * Every action the audit log records (server/platform/audit-log.ts writes them; the users page
 * labels them and filters by them).
 */
export const auditActions = [
  "role.assign",
  "role.remove",
  "bookings.export",
  "admin.create",
  "notifications.retry",
  // The lead desk (docs/decisions/0701): target is the lead's id.
  "leads.export",
  "lead.status",
  "lead.owner",
  "lead.note",
  // A person's data on request (docs/decisions/0706): counts only, never the address.
  "privacy.export",
  "privacy.erase",
  // A staff member's own lead-routing settings (docs/decisions/0711): target is their user id.
  "lead.routing",
  // Staff sign-in (docs/decisions/0202).
  "auth.sign-in",
  "auth.sign-in.failed",
  "auth.sign-in.locked",
  "auth.sign-out",
  "auth.two-factor.enabled",
  "auth.two-factor.disabled",
  "auth.two-factor.backup-codes",
  // Passkeys and sessions (docs/decisions/0207).
  "auth.passkey.added",
  "auth.passkey.removed",
  "auth.sessions.revoke",
  "staff.sessions.revoke",
  "staff.factors.reset",
  // A Google or Microsoft account linked for single sign-on (docs/decisions/0215).
  "auth.sign-in-method.linked",
  // Staff self-service (docs/decisions/0205, 0206): invitations, password resets, access taken away.
  "invitation.create",
  "invitation.resend",
  "invitation.revoke",
  "invitation.accept",
  "auth.password.reset",
  "staff.deactivate",
  "staff.reactivate",
  // The content studio (server/content/content-entries.ts, docs/decisions/0903): target is the entry's id.
  "content.publish",
  "content.unpublish",
  "content.schedule",
  "content.schedule.failed",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const AUDIT_PAGE_SIZE_DEFAULT = 100;
export const AUDIT_PAGE_SIZE_MAX = 500;

/** The actor filter: part of the address of whoever acted (or tried to sign in), as typed. */
const auditActorText = z
  .string()
  .trim()
  .max(254, "Actor must be at most 254 characters")
  .refine((value) => !controlCharacter.test(value), "Actor must not contain control characters")
  .refine((value) => !loneSurrogate.test(value), "Actor must be valid Unicode text");

/** Filters of the audit log (docs/decisions/0202): days are whole UTC days, both inclusive. */
const auditFilterFields = z.object({
  actor: auditActorText.optional(),
  action: z.enum(auditActions, "Unknown action").optional(),
  from: adminFilterDate.optional(),
  to: adminFilterDate.optional(),
});

const auditPageFields = {
  cursor: z.string().max(200, "Invalid page cursor").optional(),
  limit: z.coerce
    .number("Limit must be a whole number")
    .int("Limit must be a whole number")
    .min(1, `Limit must be from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
    .max(AUDIT_PAGE_SIZE_MAX, `Limit must be from 1 to ${AUDIT_PAGE_SIZE_MAX}`)
    .default(AUDIT_PAGE_SIZE_DEFAULT),
};

/** The users page's filter form: the same fields and messages as the server's. */
export const auditFiltersSchema = auditFilterFields.refine(datesInOrder, datesInOrderError);
export type AuditFilters = z.infer<typeof auditFilterFields>;

/** POST /api/admin/audit-log/search: the filters and the page, in the body (the actor is an address). */
export const auditLogSearchSchema = auditFilterFields.extend(auditPageFields).refine(datesInOrder, datesInOrderError);

export const AUDIT_ACTOR_IN_URL_MESSAGE = "Filter by actor with POST /api/admin/audit-log/search: an address never goes into a URL";

/** GET /api/admin/audit-log's query: the same without the actor, which would put an address in the URL. */
export const auditLogQuerySchema = auditFilterFields
  .omit({ actor: true })
  .extend({ ...auditPageFields, actor: z.undefined(AUDIT_ACTOR_IN_URL_MESSAGE).optional() })
  .refine(datesInOrder, datesInOrderError);
