import { botCheckNote, formatDelay, isUnverified } from "./slack-message";

/** The lead's copy the outbox holds for delivery (lead-service.ts payloadSql): the stored row. */
export type LeadPayload = { kind?: string; lead?: Record<string, unknown> };

const LABELS: Record<string, string> = {
  sourceForm: "Form",
  name: "Name",
  jobTitle: "Job title",
  workEmail: "Work email",
  email: "Email",
  companyName: "Company",
  company: "Company",
  role: "Role",
  phone: "Phone",
  industry: "Industry",
  companySize: "Company size",
  totalCalls: "Monthly calls",
  fit: "Fit",
  owner: "Owner",
  aiGoal: "AI goal",
  notes: "Notes",
  tcpaConsent: "Consent given",
  consentTextVersion: "Consent text version",
  pagePath: "Page",
  referrer: "Referrer",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  userAgent: "User agent",
  createdAt: "Received",
  id: "Lead id",
};

const oneLine = (v: unknown) => String(v ?? "").replace(/\s+/g, " ").trim();

/** "Ada Lovelace (Analytical Engines LLC)", on one line: a subject cannot carry a line break. */
function who(lead: Record<string, unknown>): string {
  const company = lead.companyName ?? lead.company;
  return `${oneLine(lead.name)}${company ? ` (${oneLine(company)})` : ""}`;
}

function fieldLines(lead: Record<string, unknown>): string {
  return (
    Object.entries(LABELS)
      .filter(([key]) => lead[key] !== undefined && lead[key] !== null && lead[key] !== "")
      // A multi-line answer (AI goal, notes) keeps its lines, indented: none can pass for a field.
      .map(([key, label]) => `${label}: ${String(lead[key]).replace(/\r\n|\r|\n/g, "\n    ")}`)
      .join("\n")
  );
}

export type EmailContent = { subject: string; text: string };

/** The line every staff e-mail about a lead carries near its top: what the bot check said (docs/decisions/0501). */
const botCheckLine = (lead: Record<string, unknown>) => `Bot check: ${botCheckNote(lead.botCheck)}`;

/** "(unverified) " in a subject, for a lead sent without JavaScript while the bot check is on. */
const unverifiedMark = (lead: Record<string, unknown>) => (isUnverified(lead.botCheck) ? " (unverified)" : "");

/** The staff e-mail about a new lead: the bot check, every field it was stored with, and the lead's page. */
export function newLeadEmail(payload: LeadPayload, leadUrl: string): EmailContent {
  const lead = payload.lead ?? {};
  const kind = payload.kind === "contact_request" ? "contact request" : "booking inquiry";
  return {
    subject: `New ${kind}${unverifiedMark(lead)}: ${who(lead)}`.slice(0, 200),
    text: `A new ${kind} arrived.\n${botCheckLine(lead)}\n\nOpen the lead: ${leadUrl}\n\n${fieldLines(lead)}\n`,
  };
}

/** The e-mail to a lead's new owner (docs/decisions/0711): it is theirs now, the bot check, its fit, every field. */
export function ownerAssignedEmail(payload: LeadPayload, leadUrl: string): EmailContent {
  const lead = payload.lead ?? {};
  return {
    subject: `Your new lead${unverifiedMark(lead)}: ${who(lead)}`.slice(0, 200),
    text: `A new lead was routed to you. Reach out now.\n${botCheckLine(lead)}\n\nOpen the lead: ${leadUrl}\n\n${fieldLines(lead)}\n`,
  };
}

/**
 * A lead as the desk's row gives it, with its submission's bot check: for messages sent without
 * the outbox's copy of the lead.
 */
export type DeskLead = { name: string; company: string; botCheck?: unknown };

const deskWho = (lead: DeskLead) => who({ name: lead.name, company: lead.company });

/** The e-mail to the owner a lead was moved to because nobody contacted it in time (docs/decisions/0711). */
export function reassignedToYouEmail(lead: DeskLead, leadUrl: string, minutes: number, previousOwner: string | null): EmailContent {
  const from = previousOwner ? ` It was ${oneLine(previousOwner)}'s.` : " It had no owner.";
  return {
    subject: `Lead moved to you${unverifiedMark(lead)}: ${deskWho(lead)}`.slice(0, 200),
    text:
      `Nobody contacted this lead within the first-contact target (${formatDelay(minutes)}), so it was given to you.${from} Reach out now.\n` +
      `${botCheckLine(lead)}\n\nOpen the lead: ${leadUrl}\n`,
  };
}

/** The e-mail to the owner a lead was given to because its owner was deactivated (docs/decisions/0711). */
export function reroutedToYouEmail(lead: DeskLead, leadUrl: string, previousOwner: string | null): EmailContent {
  const whose = previousOwner ? `its owner, ${oneLine(previousOwner)}, no longer has access` : "its owner no longer has access";
  return {
    subject: `Lead moved to you${unverifiedMark(lead)}: ${deskWho(lead)}`.slice(0, 200),
    text: `This open lead was given to you: ${whose}. Pick it up from where they left it.\n${botCheckLine(lead)}\n\nOpen the lead: ${leadUrl}\n`,
  };
}

/** The e-mail to the owner a lead was taken from (docs/decisions/0711): who has it now. */
export function reassignedAwayEmail(lead: DeskLead, leadUrl: string, minutes: number, newOwner: string): EmailContent {
  return {
    subject: `Lead moved to ${oneLine(newOwner)}${unverifiedMark(lead)}: ${deskWho(lead)}`.slice(0, 200),
    text:
      `This lead was still New after the first-contact target (${formatDelay(minutes)}), so it was given to ${oneLine(newOwner)}, ` +
      `the next person in the rotation. It is no longer yours.\n${botCheckLine(lead)}\n\nOpen the lead: ${leadUrl}\n`,
  };
}

/** The staff e-mail when a lead is still New after the first-contact target and was not moved (docs/decisions/0711). */
export function firstContactMissedEmail(lead: DeskLead & { ownerEmail: string | null }, leadUrl: string, minutes: number): EmailContent {
  return {
    subject: `Not contacted${unverifiedMark(lead)}: ${deskWho(lead)} is still New`.slice(0, 200),
    text:
      `This lead is still New after the first-contact target (${formatDelay(minutes)}): nobody has contacted it.\n` +
      `${botCheckLine(lead)}\nOwner: ${lead.ownerEmail ? oneLine(lead.ownerEmail) : "Unassigned"}\n\nOpen the lead: ${leadUrl}\n`,
  };
}

/** The staff e-mail when a booking or enterprise lead has no meeting at the follow-up time. */
export function followUpEmail(payload: LeadPayload, leadUrl: string, followUpMinutes: number): EmailContent {
  const lead = payload.lead ?? {};
  const delay = formatDelay(followUpMinutes);
  return {
    subject: `Follow up${unverifiedMark(lead)}: ${who(lead)} has not booked a meeting`.slice(0, 200),
    text:
      `No meeting was booked ${delay} after this lead was submitted. Reach out now.\n${botCheckLine(lead)}\n\n` +
      `Open the lead: ${leadUrl}\n\n${fieldLines(lead)}\n`,
  };
}

/**
 * A plausible first name to greet a prospect with, or null: the first word of the name when it is
 * letters (any script, with their combining marks), apostrophes and hyphens only, at most 30
 * characters, starting with a letter. Anything else (a URL, digits, a sentence, symbols) is not
 * repeated to an address nobody verified: the e-mail then greets no one (docs/decisions/0704).
 */
export function greetingName(name: string): string | null {
  const first = oneLine(name).split(" ")[0] ?? "";
  return /^\p{L}[\p{L}\p{M}'’-]*$/u.test(first) && [...first].length <= 30 ? first : null;
}

/**
 * The one e-mail a prospect may get (docs/decisions/0704): a link back to the scheduler, prefilled
 * as the page prefills it, and nothing else: no lead data beyond a plausible first name, no marketing.
 */
export function prospectReminderEmail(name: string, schedulerUrl: string): EmailContent {
  const first = greetingName(name);
  const greeting = first ? `Hi ${first},` : "Hi,";
  return {
    subject: "Pick a time for your call",
    text:
      `${greeting}\n\nThanks for your request. You have not picked a time for your call yet; ` +
      `this link opens the scheduler with your details filled in:\n\n${schedulerUrl}\n\n` +
      "If you already booked, or no longer need the call, there is nothing to do: this is the only reminder we send.\n",
  };
}
