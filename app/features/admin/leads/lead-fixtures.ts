import type { LeadDetailResponse, LeadSummary, LeadTimelineEntry, StaffMember } from "@shared/api/lead-desk-api";
import type { AdminUser } from "@shared/api/admin-api";

/** Test data for the lead desk's component tests: a lead, its page's answer, staff. */
export const staffOwner: StaffMember = { id: "0b6d3c52-8e0a-4f4e-9a77-1c2d3e4f5a6b", email: "owner@example.com", name: "Owner" };
export const staffOther: StaffMember = { id: "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", email: "sam@example.com", name: "Sam" };
export const signedInAdmin: AdminUser = { userId: staffOwner.id, email: staffOwner.email, name: "Owner", role: "admin", roles: ["admin"], twoFactorEnabled: true, passkeys: 0, twoFactorRequired: false };

export const leadSummary = (overrides: Partial<LeadSummary> = {}): LeadSummary => ({
  id: "5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
  createdAt: "2026-03-02T09:00:00.000Z",
  source: "booking_dialog",
  name: "Jane Doe",
  email: "jane.doe@plumbing.example",
  company: "Doe Plumbing",
  status: "new",
  owner: null,
  firstResponseAt: null,
  meetingStartsAt: null,
  overdue: false,
  fit: { tier: "within_plan", emailKind: "work", labels: [] },
  version: 1,
  ...overrides,
});

export const timelineEntry = (overrides: Partial<LeadTimelineEntry> = {}): LeadTimelineEntry => ({
  id: "e0000000-0000-4000-8000-000000000001",
  at: "2026-03-02T09:00:00.000Z",
  type: "created",
  actor: null,
  data: { source: "booking_dialog" },
  ...overrides,
});

export const leadDetail = (lead: Partial<LeadSummary> = {}, timeline: LeadTimelineEntry[] = [timelineEntry()]): LeadDetailResponse => ({
  lead: {
    ...leadSummary(lead),
    submission: { kind: "booking_inquiry", jobTitle: "Owner", totalCalls: 120, aiGoal: "Answer after-hours calls", tcpaConsent: true, consentTextVersion: "2026-11-tcpa-v1" },
    evidence: {
      pagePath: "/pricing",
      referrer: "https://www.google.com/",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: null,
      utmContent: null,
      clientIp: "203.0.113.7",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      botCheck: "passed",
    },
    firstArticle: null,
    hubspot: null,
  },
  timeline,
  staff: [staffOwner, staffOther],
  firstContactTargetMinutes: 15,
  enterpriseCallsPerMonth: 10_000,
});
