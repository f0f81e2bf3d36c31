import { formatCount } from "@shared/number-format";
import { leadSourceLabels, type LeadSource } from "@shared/schemas/lead-desk";
import { fitSummary, type EmailKind, type FitTier } from "@shared/schemas/lead-fit";
import type { BotCheckOutcome } from "@shared/schemas/lead-sources";
import type { NotificationTopic } from "./lead-service";

/** What a staff message says about a lead: the desk's copy, read when the notification is claimed. */
export type NotificationLead = {
  id: string;
  kind: "booking_inquiry" | "contact_request";
  source: LeadSource;
  name: string;
  email: string;
  company: string;
  status: string;
  /** Booking and enterprise leads: calls per month, when the visitor gave it. */
  totalCalls: number | null;
  meetingStartsAt: Date | null;
  /** Fit at submit (docs/decisions/0710), from the desk's row. */
  fit?: { tier: FitTier; emailKind: EmailKind | null };
  /** The lead's owner now (docs/decisions/0711); null: Unassigned. */
  ownerEmail?: string | null;
  /**
   * What the bot check said about the lead (its submission row, docs/decisions/0501); null on
   * leads stored before it was recorded, undefined where nothing was read.
   */
  botCheck?: BotCheckOutcome | null;
};

/** Long enough for any real name or company; Slack refuses a section over 3000 characters. */
const MAX_VALUE = 150;

/**
 * Lead text as Slack's mrkdwn may show it. `&`, `<` and `>` are Slack's control characters: a name
 * such as `<!channel>` or `<https://evil.example|Invoice>` would otherwise page the channel or
 * show a disguised link. Line breaks are folded so a name cannot start a line of its own.
 */
export function escapeSlack(value: string): string {
  const oneLine = value.replace(/\s+/g, " ").trim();
  const short = oneLine.length > MAX_VALUE ? `${oneLine.slice(0, MAX_VALUE - 1)}…` : oneLine;
  return short.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * What the bot check said about a lead, as every staff notification words it (docs/decisions/0501):
 * `passed` (reCAPTCHA verified it), `off` (no keys configured: nothing was checked, for any lead,
 * so it is not singled out), or sent without JavaScript while the check is on (nothing verified
 * it). Leads stored before the outcome was recorded say so.
 */
export function botCheckNote(outcome: unknown): string {
  if (outcome === "passed") return "passed";
  if (outcome === "off") return "off (no reCAPTCHA keys configured)";
  if (outcome === "no_script") return "UNVERIFIED: sent without JavaScript, no bot check ran";
  return "not recorded";
}

/** A lead nothing verified: sent without JavaScript while the bot check is on. */
export const isUnverified = (outcome: unknown) => outcome === "no_script";

/** The bot check as the signed webhook's `bot_check` names it: passed, off, scriptless-unverified, or null. */
export function botCheckToken(outcome: unknown): "passed" | "off" | "scriptless-unverified" | null {
  if (outcome === "passed" || outcome === "off") return outcome;
  return outcome === "no_script" ? "scriptless-unverified" : null;
}

/** "in 30 minutes", "in 1 hour", "in 36 seconds": a follow-up time as staff read it. */
export function formatDelay(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes >= 60 && Number.isInteger(minutes / 60)) return plural(minutes / 60, "hour");
  if (minutes >= 1) return plural(Math.round(minutes), "minute");
  return plural(Math.max(1, Math.round(minutes * 60)), "second");
}

/** "2026-03-02 15:00 UTC": where the reader's own time zone is not available (the fallback text). */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export type SlackContext = {
  /** The admin page of this lead (PUBLIC_URL/admin/leads/:id). */
  leadUrl: string;
  /** LEADS_FOLLOW_UP_MINUTES: why a follow-up alerts. */
  followUpMinutes: number;
  /** LEADS_FIRST_CONTACT_MINUTES: why a first-contact alert alerts (docs/decisions/0711). */
  firstContactMinutes?: number;
  /** A booked meeting: its start (from the notification, or the desk's current meeting), and whether it replaced one. */
  meeting: { startsAt: Date | null; rescheduled: boolean } | null;
  /**
   * The lead's bot-check outcome (the outbox's copy of the lead, else its submission row), shown
   * as a field; undefined leaves the field out.
   */
  botCheck?: unknown;
};

type TextObject = { type: "mrkdwn"; text: string; verbatim: true };
type SlackBlock = { type: "section"; text: TextObject } | { type: "section"; fields: TextObject[] } | { type: "context"; elements: TextObject[] };
export type SlackMessage = { text: string; blocks: SlackBlock[] };

/**
 * `verbatim` keeps Slack from turning bare URLs, channel names and @-words in lead text into
 * links or mentions; our own `<url|label>` links still work.
 */
const mrkdwn = (text: string): TextObject => ({ type: "mrkdwn", text, verbatim: true });

/**
 * The Slack message of a staff notification: who (name, company), from which form, how many calls,
 * why now (a new lead, no meeting after the follow-up time, a booked meeting) and a link to the
 * lead's page. `text` is what Slack shows in notifications and where blocks cannot be shown.
 */
export function slackMessage(topic: NotificationTopic, lead: NotificationLead, context: SlackContext): SlackMessage {
  const who = `${escapeSlack(lead.name)} (${escapeSlack(lead.company)})`;
  const source = leadSourceLabels[lead.source] ?? lead.source;
  const volume = lead.totalCalls !== null ? `${formatCount(lead.totalCalls)} calls per month` : null;
  const delay = formatDelay(context.followUpMinutes);
  const starts = context.meeting?.startsAt ?? null;

  let headline: string;
  let text: string;
  let why: string | null = null;
  if (topic === "follow_up") {
    headline = `*Follow up:* ${who} has not booked a meeting`;
    text = `Follow up: ${who} has not booked a meeting ${delay} after submitting the ${source.toLowerCase()}`;
    why = `No meeting was booked ${delay} after the ${source.toLowerCase()} was submitted. Reach out now.`;
  } else if (topic === "meeting_booked") {
    const what = context.meeting?.rescheduled ? "Meeting rescheduled" : "Meeting booked";
    headline = `*${what}:* ${who}`;
    text = `${what}: ${who}${starts ? `, starts ${utcTime(starts)}` : ""}`;
  } else if (topic === "first_contact_missed") {
    const target = formatDelay(context.firstContactMinutes ?? 0);
    headline = `*Not contacted:* ${who} is still New`;
    text = `Not contacted: ${who} is still New after the first-contact target (${target})`;
    why = `Nobody has contacted this lead within the first-contact target (${target}). Reach out now.`;
  } else if (topic === "enterprise_alert") {
    // Its own message, so a channel can alert on it: a large prospect just arrived.
    headline = `:rotating_light: *Enterprise prospect:* ${who}`;
    text = `Enterprise prospect: ${who}${volume ? `, ${volume}` : ""}`;
    why = "An enterprise-fit lead just arrived: reach out within minutes.";
  } else {
    headline = `*New lead:* ${who}`;
    text = `New lead: ${who} from the ${source.toLowerCase()}`;
  }
  // Slack is held for such leads (lead-service.ts); one queued before that still says so first.
  if (isUnverified(context.botCheck)) {
    headline = `*UNVERIFIED* ${headline}`;
    text = `UNVERIFIED ${text}`;
  }

  const fields = [mrkdwn(`*Source*\n${source}`)];
  if (volume) fields.push(mrkdwn(`*Volume*\n${volume}`));
  if (context.botCheck !== undefined) fields.push(mrkdwn(`*Bot check*\n${botCheckNote(context.botCheck)}`));
  if (lead.fit) fields.push(mrkdwn(`*Fit*\n${fitSummary(lead.fit)}`));
  if (lead.ownerEmail !== undefined) fields.push(mrkdwn(`*Owner*\n${lead.ownerEmail ? escapeSlack(lead.ownerEmail) : "Unassigned"}`));
  if (topic === "meeting_booked") {
    // Slack shows a date token in each reader's own time zone; the fallback is UTC.
    const when = starts
      ? `<!date^${Math.floor(starts.getTime() / 1000)}^{date_short_pretty} at {time}|${utcTime(starts)}>`
      : "Not known yet";
    fields.push(mrkdwn(`*Starts*\n${when}`));
  }

  const blocks: SlackBlock[] = [{ type: "section", text: mrkdwn(headline) }, { type: "section", fields }];
  if (why) blocks.push({ type: "context", elements: [mrkdwn(why)] });
  blocks.push({ type: "section", text: mrkdwn(`<${context.leadUrl}|Open the lead>`) });
  return { text: `${text}. ${context.leadUrl}`, blocks };
}
