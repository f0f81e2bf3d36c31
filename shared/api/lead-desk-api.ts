import type { z } from "zod";
import type { BotCheckOutcome } from "../schemas/lead-sources";
import type { EmailKind, FitTier } from "../schemas/lead-fit";
import type { LeadSource, LeadStatus, leadFiltersSchema, leadListQuerySchema, leadNoteSchema, leadUpdateSchema } from "../schemas/lead-desk";

/**
 * The contract of the lead desk under /api/admin/leads (docs/decisions/0701): what the server
 * answers and the admin screens send. Errors come in the admin envelope (AdminApiError).
 */

// Requests ---------------------------------------------------------------------------------------

/** POST /api/admin/leads/search, JSON body: one page of the inbox. */
export type LeadListBody = z.input<typeof leadListQuerySchema>;
/** POST /api/admin/leads/export, JSON body: the inbox's filters. */
export type LeadExportBody = z.input<typeof leadFiltersSchema>;
/** PATCH /api/admin/leads/:id, JSON body. */
export type LeadUpdateBody = z.input<typeof leadUpdateSchema>;
/** POST /api/admin/leads/:id/notes, JSON body. */
export type LeadNoteBody = z.input<typeof leadNoteSchema>;

// Responses --------------------------------------------------------------------------------------

export type StaffMember = { id: string; email: string; name: string };

/** A lead as the inbox lists it. Times are ISO 8601, UTC. */
export type LeadSummary = {
  id: string;
  createdAt: string;
  source: LeadSource;
  name: string;
  email: string;
  company: string;
  status: LeadStatus;
  owner: StaffMember | null;
  /** When the lead first left New (a staff move, or a meeting booked): its speed to lead. */
  firstResponseAt: string | null;
  /** The booked meeting's start, when the scheduler told us. */
  meetingStartsAt: string | null;
  /** Still New past the first-contact target. */
  overdue: boolean;
  /** Fit at submit (docs/decisions/0710); `labels` are the words shown ("Enterprise fit", …). */
  fit: LeadFit;
  version: number;
};

/** emailKind null: stored before addresses were checked. */
export type LeadFit = { tier: FitTier; emailKind: EmailKind | null; labels: string[] };

/** POST /api/admin/leads/search: newest first; `nextCursor` is null on the last page. */
export type LeadsPage = {
  items: LeadSummary[];
  nextCursor: string | null;
  /** The deployment's first-contact target (LEADS_FIRST_CONTACT_MINUTES). */
  firstContactTargetMinutes: number;
};

/** What the visitor gave, by form: the booking/enterprise shape or the contact form's. */
export type LeadSubmission =
  | {
      kind: "booking_inquiry";
      jobTitle: string;
      totalCalls: number | null;
      aiGoal: string | null;
      tcpaConsent: boolean;
      consentTextVersion: string;
    }
  | {
      kind: "contact_request";
      role: string | null;
      phone: string | null;
      industry: string;
      companySize: string | null;
      notes: string | null;
    };

/**
 * Where a submission came from and how it was checked, stored with every lead (and every booking
 * inquiry, shared/api/admin-api.ts's Booking). `botCheck` is null on leads stored before it was
 * recorded (docs/decisions/0501).
 */
export type LeadEvidence = {
  pagePath: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  clientIp: string | null;
  userAgent: string | null;
  botCheck: BotCheckOutcome | null;
};

export type LeadTimelineType =
  | "created"
  | "notification_delivered"
  | "notification_failed"
  | "notification_dead"
  | "scheduler_shown"
  | "meeting_booked"
  | "meeting_unconfirmed"
  | "meeting_rescheduled"
  | "meeting_cancelled"
  | "no_show"
  | "no_show_cleared"
  | "follow_up_alerted"
  | "status_changed"
  | "owner_changed"
  /** Still New after the first-contact target, not moved: staff alerted (docs/decisions/0711). */
  | "first_contact_missed"
  | "note_added";

/**
 * One line of a lead's timeline. `actor` is the staff member who did it, null for the visitor, the
 * scheduler or the system. `data` depends on the type (status from/to, owner, note text, channel,
 * meeting start, …).
 */
export type LeadTimelineEntry = {
  id: string;
  at: string;
  type: LeadTimelineType;
  actor: { id: string | null; email: string | null } | null;
  data: Record<string, unknown>;
};

/** The `data` of the entries staff make (their `actor` is the staff member). */
export type LeadStatusChangedData = { from: LeadStatus; to: LeadStatus };
/** An owner as the timeline remembers them: their id and the e-mail they had then; null for nobody. */
export type LeadOwnerRef = { id: string; email: string } | null;
export type LeadOwnerChangedData = { from: LeadOwnerRef; to: LeadOwnerRef };
export type LeadNoteAddedData = { text: string };

/** Whether the hand-off created the lead's HubSpot contact or added the lead to one already there (docs/decisions/0720). */
export type HubSpotContactOrigin = "created" | "existing";

/**
 * The lead's records in HubSpot (docs/decisions/0720): links to the contact and the deal, each
 * null until the hand-off has made it, and whether the contact was created or already there (null
 * until the contact is known, and on leads handed over before this was recorded). The whole is
 * null when the hand-off is off.
 */
export type LeadHubSpotRecords = { contactUrl: string | null; dealUrl: string | null; contact: HubSpotContactOrigin | null };

/**
 * The first blog post the visitor read in the tab the lead came from (docs/decisions/0801): its
 * path as stored, and its title while a post of that path is published (else null: show the path).
 */
export type LeadFirstArticle = { path: string; title: string | null };

/** GET /api/admin/leads/:id */
export type LeadDetailResponse = {
  lead: LeadSummary & { submission: LeadSubmission; evidence: LeadEvidence; firstArticle: LeadFirstArticle | null; hubspot: LeadHubSpotRecords | null };
  timeline: LeadTimelineEntry[];
  /** Everyone who may own a lead (the admins). */
  staff: StaffMember[];
  firstContactTargetMinutes: number;
  /** LEADS_ENTERPRISE_CALLS_PER_MONTH, to describe the fit tiers. */
  enterpriseCallsPerMonth: number;
};

/** PATCH /api/admin/leads/:id (200), and the body of its 409 (code STALE_LEAD): the current lead. */
export type LeadUpdateResponse = { lead: LeadSummary };
export type LeadConflictResponse = { error: string; code: "STALE_LEAD"; lead: LeadSummary };
/**
 * The `code` of a refused PATCH (422, admin envelope): a status move the lifecycle does not allow
 * (message LEAD_TRANSITION_MESSAGE), an owner who is not staff (LEAD_OWNER_MESSAGE).
 */
export type LeadUpdateRefusalCode = "LEAD_TRANSITION_NOT_ALLOWED" | "LEAD_OWNER_NOT_STAFF";

/** POST /api/admin/leads/:id/notes (201). */
export type LeadNoteResponse = { entry: LeadTimelineEntry };

/**
 * GET /api/admin/leads/summary: the dashboard's cards, each a filter of the inbox, counted at one
 * instant. "Today" and "this week" are UTC, as the filters' days are.
 */
export type LeadDeskSummary = {
  /** Leads created since today's midnight, UTC: filter `{ from: <today> }`. */
  newToday: number;
  /** Leads in New: filter `{ status: "new" }`. */
  awaitingFirstContact: number;
  /** Leads in New past the first-contact target: filter `{ overdue: true }`. */
  overdue: number;
  /** Meetings booked since Monday 00:00, UTC: filter `{ bookedFrom: <this Monday> }`. */
  meetingsBookedThisWeek: number;
  /** Booking and enterprise leads of today and the six days before (UTC) without a meeting: filter `{ notBooked: true, from: <today - 6 days> }`. */
  submittedNotBooked: number;
  firstContactTargetMinutes: number;
};
