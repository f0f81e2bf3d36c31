import "./zod-csp";
import { z } from "zod";
import { bookingSourceForms, bookingSourceLabels } from "./lead-sources";
import { BOOKINGS_PAGE_SIZE_DEFAULT, BOOKINGS_PAGE_SIZE_MAX, adminFilterDate, adminSearchText, datesInOrder, datesInOrderError } from "./admin";
import { requiredText } from "./lead-fields";
import { fitFilterValues } from "./lead-fit";

/**
 * The lead desk (docs/decisions/0701): every lead from every form in one inbox, worked from New to
 * a held meeting. The statuses, their words and the moves staff may make are defined here once,
 * for the admin screens and the server.
 */

/** Every form a lead can come from: the booking and enterprise forms, and the contact form. */
export const leadSources = [...bookingSourceForms, "contact_form"] as const;
export type LeadSource = (typeof leadSources)[number];

export const leadSourceLabels: Record<LeadSource, string> = {
  ...bookingSourceLabels,
  contact_form: "Contact form",
};

export const leadStatuses = ["new", "contacted", "meeting_booked", "meeting_held", "no_show", "unqualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** The status in words, as the inbox and the lead page show it. */
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  meeting_booked: "Meeting booked",
  meeting_held: "Meeting held",
  no_show: "No-show",
  unqualified: "Unqualified",
  won: "Won",
  lost: "Lost",
};

/**
 * The moves staff may make from each status (the scheduler's own moves are in the server's
 * booking-outcome service). Unqualified, Won and Lost are exits, each with a way back for a lead
 * that comes alive again or a click made by mistake.
 */
export const leadTransitions: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "meeting_booked", "unqualified", "lost"],
  contacted: ["meeting_booked", "unqualified", "lost"],
  meeting_booked: ["meeting_held", "no_show", "contacted", "unqualified", "lost"],
  meeting_held: ["won", "lost", "meeting_booked"],
  no_show: ["meeting_booked", "contacted", "unqualified", "lost"],
  unqualified: ["contacted"],
  won: ["meeting_held"],
  lost: ["contacted"],
};

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return leadTransitions[from].includes(to);
}

export const LEAD_NOTE_MAX = 2000;
export const LEAD_TRANSITION_MESSAGE = "This status change is not allowed from the lead's current status";
export const LEAD_OWNER_MESSAGE = "Owner must be an active staff member with the admin or moderator role";
export const LEAD_STALE_MESSAGE = "Someone else changed this lead since you opened it: this is how it is now. Make your change again if it still applies.";

/** A change to a lead: its status and/or owner, against the version the editor last saw. */
export const leadUpdateSchema = z
  .object({
    version: z.number({ error: "The lead's version is required" }).int().min(1),
    status: z.enum(leadStatuses, { error: "Unknown status" }).optional(),
    ownerId: z.string().uuid("Invalid owner ID").nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.ownerId !== undefined, { message: "Nothing to change", path: ["status"] });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** A staff note on a lead. Notes are added, never edited, so they need no version. */
export const leadNoteSchema = z.object({
  text: requiredText(LEAD_NOTE_MAX, "Write a note", `A note must be less than ${LEAD_NOTE_MAX} characters`, { lines: "multiple", label: "A note" }),
});

/** "Who owns it": anyone, nobody yet, or one staff member. */
export const ownerFilter = z.union([z.literal("none"), z.string().uuid("Invalid owner ID")]);

const leadFilterFields = z.object({
  q: adminSearchText.optional(),
  source: z.enum(leadSources, { error: "Unknown source" }).optional(),
  status: z.enum(leadStatuses, { error: "Unknown status" }).optional(),
  owner: ownerFilter.optional(),
  /** Only leads with this fit label (or with a work e-mail): docs/decisions/0710. */
  fit: z.enum(fitFilterValues, { error: "Unknown fit" }).optional(),
  /** Only leads still waiting for a first contact past the target. */
  overdue: z.literal(true).optional(),
  /** Only booking and enterprise leads that have never booked a meeting. */
  notBooked: z.literal(true).optional(),
  /** Only leads whose meeting was booked on or after this day (UTC). */
  bookedFrom: adminFilterDate.optional(),
  from: adminFilterDate.optional(),
  to: adminFilterDate.optional(),
});

/** The inbox's filters, also those of its CSV export. Dates are whole UTC days, both inclusive. */
export const leadFiltersSchema = leadFilterFields.refine(datesInOrder, datesInOrderError);
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

/**
 * One page of the inbox: the filters and the previous page's cursor, sent as a JSON body (POST), so
 * a name or e-mail typed into the search never lands in a URL or an access log.
 */
export const leadListQuerySchema = leadFilterFields
  .extend({
    cursor: z.string().max(200, "Invalid page cursor").optional(),
    limit: z.number().int().min(1).max(BOOKINGS_PAGE_SIZE_MAX).default(BOOKINGS_PAGE_SIZE_DEFAULT),
  })
  .refine(datesInOrder, datesInOrderError);
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
