import { AlarmClock, CalendarCheck, CalendarClock, CalendarSearch, CalendarX, Bell, BellOff, CircleAlert, Eye, Inbox, MessageSquare, UserRound, ArrowRightLeft, UserX, UserCheck } from "lucide-react";
import type { LeadOwnerRef, LeadTimelineEntry, LeadTimelineType, StaffMember } from "@shared/api/lead-desk-api";
import { targetText } from "./lead-wait";
import { leadSourceLabels, leadStatusLabels, type LeadSource, type LeadStatus } from "@shared/schemas/lead-desk";
import { channelLabels, notificationLabel, topicLabels } from "@shared/notification-labels";
import { formatDateTime } from "../format";

/** The first of these keys that holds a string (the server's data keys, under the names they may take). */
function text(data: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}

const statusWord = (value: string | null) => (value && value in leadStatusLabels ? leadStatusLabels[value as LeadStatus] : (value ?? "?"));

/** An owner in an owner_changed entry ({ id, email } as they were then, or null: nobody), in words. */
function ownerWord(value: unknown, staff: readonly StaffMember[]): string {
  if (value === null || value === undefined) return "Unassigned";
  if (typeof value === "object") {
    const ref = value as Partial<LeadOwnerRef & object>;
    if (typeof ref.email === "string" && ref.email !== "") return ref.email;
    if (typeof ref.id === "string") return staff.find((s) => s.id === ref.id)?.email ?? `staff member ${ref.id.slice(0, 8)}`;
  }
  if (typeof value === "string") return staff.find((s) => s.id === value)?.email ?? value;
  return "Unassigned";
}

function notification(data: Record<string, unknown>): string {
  const channel = text(data, "channel");
  const topic = text(data, "topic");
  return [channel ? notificationLabel(channelLabels, channel, "phrase") : null, topic ? notificationLabel(topicLabels, topic, "phrase") : null]
    .filter(Boolean)
    .join(" · ");
}

function meetingTime(data: Record<string, unknown>, key: string): string | null {
  const value = text(data, key);
  return value ? formatDateTime(value) : null;
}

export type TimelineWords = { title: string; detail: string | null; note: string | null };

/** The status move the scheduler made with a meeting entry ({ status: { from, to } }), in words. */
function schedulerMove(data: Record<string, unknown>): string | null {
  const move = data.status;
  if (typeof move !== "object" || move === null) return null;
  const { from, to } = move as { from?: unknown; to?: unknown };
  return typeof from === "string" && typeof to === "string" ? `status ${statusWord(from)} → ${statusWord(to)}` : null;
}

/** "still New after the 15 min target", from a first-contact entry's `minutes` (docs/decisions/0711). */
function targetWords(d: Record<string, unknown>): string {
  const minutes = d.minutes;
  return typeof minutes === "number" && minutes > 0 ? `still New after the ${targetText(minutes)} target` : "still New after the first-contact target";
}

/**
 * A delivered HubSpot entry in words, when its receipt says what happened to the contact: created,
 * or an existing one the lead was added to; and a status change not sent to a contact not ours.
 */
function hubspotWords(d: Record<string, unknown>): TimelineWords | null {
  const topic = text(d, "topic");
  if (topic === "status_changed" && text(d, "hubspotLeadStatus") === "not_sent") {
    return { title: "HubSpot lead status not changed", detail: "because this site did not create the contact", note: null };
  }
  if (topic !== "lead_stored") return null;
  const contact = text(d, "hubspotContact");
  if (contact === "created") return { title: "Sent to HubSpot: new contact created", detail: "with the lead's deal", note: null };
  if (contact === "existing") {
    return { title: "Sent to HubSpot: added to existing contact (its details kept)", detail: "with the lead's deal and a note of what it gave", note: null };
  }
  return null;
}

const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(" · ") || null;

/** One timeline entry in words: what happened, and its particulars. */
export function describeTimelineEntry(entry: LeadTimelineEntry, staff: readonly StaffMember[] = []): TimelineWords {
  const d = entry.data ?? {};
  const words = (title: string, detail: string | null = null): TimelineWords => ({ title, detail, note: null });
  switch (entry.type) {
    case "created": {
      const source = text(d, "source");
      return words("Lead received", source ? `from the ${(leadSourceLabels[source as LeadSource] ?? source).toLowerCase()}` : null);
    }
    case "notification_delivered": {
      // The HubSpot hand-off says what it did with the contact (docs/decisions/0720).
      if (text(d, "channel") === "hubspot") {
        const hubspot = hubspotWords(d);
        if (hubspot) return hubspot;
      }
      return words("Notification delivered", notification(d) || null);
    }
    case "notification_failed": {
      const attempt = typeof d.attempt === "number" ? `attempt ${d.attempt}` : null;
      return words("Notification failed, will retry", joined(notification(d), attempt, text(d, "error", "lastError")));
    }
    case "notification_dead": {
      const attempts = typeof d.attempts === "number" ? `after ${d.attempts} attempts` : null;
      return words("Notification given up", joined(notification(d), attempts));
    }
    case "scheduler_shown":
      return words("Scheduler shown to the visitor");
    case "meeting_booked": {
      const at = meetingTime(d, "startsAt");
      return words("Meeting booked", joined(at ? `for ${at}` : null, schedulerMove(d)));
    }
    case "meeting_unconfirmed": {
      // Calendly does not verify the invitee's e-mail: this may be anyone's booking (decision 0702).
      const at = meetingTime(d, "startsAt");
      return words(
        d.confirmed === true ? "Booking under this e-mail, since confirmed" : "Booking under this e-mail, not confirmed",
        joined(at ? `for ${at}` : null, d.confirmed === true ? null : "matched by e-mail only: the lead's status and meeting are unchanged"),
      );
    }
    case "meeting_rescheduled": {
      const at = meetingTime(d, "startsAt");
      return words("Meeting rescheduled", joined(at ? `to ${at}` : null, schedulerMove(d)));
    }
    case "meeting_cancelled":
      return words(
        d.rescheduled === true ? "Meeting cancelled to be rescheduled" : "Meeting cancelled",
        joined(text(d, "reason"), d.matchedBy === "email" ? "matched by e-mail only" : null, schedulerMove(d)),
      );
    case "no_show":
      return words("Marked as a no-show", schedulerMove(d));
    case "no_show_cleared":
      return words("No-show taken back", schedulerMove(d));
    case "follow_up_alerted": {
      const channels = Array.isArray(d.channels) ? d.channels.filter((c): c is string => typeof c === "string").map((c) => notificationLabel(channelLabels, c, "phrase")) : [];
      return words("Follow-up alert sent: no meeting booked yet", channels.length > 0 ? `by ${channels.join(", ")}` : null);
    }
    case "status_changed":
      return words("Status changed", `${statusWord(text(d, "from"))} → ${statusWord(text(d, "to"))}`);
    case "owner_changed": {
      // The system's moves say why (docs/decisions/0711): the rotation, the address's open lead.
      const reason = text(d, "reason");
      const change = `${ownerWord(d.from, staff)} → ${ownerWord(d.to, staff)}`;
      if (reason === "rotation") return words("Owner assigned", `${change} · ${text(d, "rotation") === "enterprise" ? "enterprise rotation" : "rotation"}`);
      if (reason === "same_address") return words("Owner assigned", `${change} · owner of this address's open lead`);
      if (reason === "owner_deactivated") {
        // The owner's access was taken away: routed again, or Unassigned for want of anyone (0711).
        return d.to ? words("Owner assigned", `${change} · the previous owner was deactivated`) : words("Unassigned: the owner was deactivated", `${change} · nobody was taking leads`);
      }
      if (reason === "owner_role_removed") {
        // The owner lost their last lead-desk role: routed again as for a deactivation (0206).
        return d.to ? words("Owner assigned", `${change} · the previous owner no longer works leads`) : words("Unassigned: the owner no longer works leads", `${change} · nobody was taking leads`);
      }
      if (reason === "first_contact_missed") {
        // Moved for want of a first contact (docs/decisions/0711): both owners, and why. A lead
        // stored Unassigned goes to whoever is in rotation when its target passes.
        const rotation = text(d, "rotation") === "enterprise" ? "enterprise rotation" : d.from ? "next in the rotation" : "rotation";
        const title = d.from ? "Reassigned: nobody contacted the lead in time" : "Owner assigned: still Unassigned at the first-contact target";
        return words(title, joined(change, targetWords(d), rotation));
      }
      return words("Owner changed", change);
    }
    case "first_contact_missed":
      return words(
        "Not contacted in time: staff alerted",
        joined(`owner ${ownerWord(d.owner, staff)}`, targetWords(d), text(d, "reason") !== "nobody_else" ? null : d.owner ? "nobody else could take it now" : "nobody was taking leads"),
      );
    case "note_added":
      return { title: "Note", detail: null, note: text(d, "text") ?? "" };
    default:
      return words(String(entry.type).replaceAll("_", " "));
  }
}

/** Who did it: the staff member, else whoever does that kind of thing (the visitor, the scheduler, the system). */
export function timelineActor(entry: LeadTimelineEntry): string {
  if (entry.actor?.email) return entry.actor.email;
  if (entry.actor?.id) return `staff member ${entry.actor.id.slice(0, 8)}`;
  switch (entry.type) {
    case "created":
    case "scheduler_shown":
      return "the visitor";
    case "meeting_booked":
    case "meeting_unconfirmed":
    case "meeting_rescheduled":
    case "meeting_cancelled":
    case "no_show":
    case "no_show_cleared":
      return "the scheduler";
    case "status_changed":
      // A status move with no staff member is the scheduler's (docs/decisions/0701).
      return "the scheduler";
    default:
      return "the system";
  }
}

const icons: Record<LeadTimelineType, typeof Inbox> = {
  created: Inbox,
  notification_delivered: Bell,
  notification_failed: CircleAlert,
  notification_dead: BellOff,
  scheduler_shown: Eye,
  meeting_booked: CalendarCheck,
  meeting_unconfirmed: CalendarSearch,
  meeting_rescheduled: CalendarClock,
  meeting_cancelled: CalendarX,
  no_show: UserX,
  no_show_cleared: UserCheck,
  follow_up_alerted: Bell,
  status_changed: ArrowRightLeft,
  owner_changed: UserRound,
  first_contact_missed: AlarmClock,
  note_added: MessageSquare,
};

/**
 * Newest first: the latest is what staff look for. Entries with the same time keep the server's
 * order reversed: it sends them as they were written (at, then insertion order: docs/decisions/0701),
 * so "Lead received" always sits below the owner it was given in the same statement.
 */
export function newestFirst(entries: readonly LeadTimelineEntry[]): LeadTimelineEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(b.entry.at) - Date.parse(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);
}

export function LeadTimeline({ entries, staff }: { entries: readonly LeadTimelineEntry[]; staff: readonly StaffMember[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol className="grid gap-0" aria-label="Timeline, newest first">
      {newestFirst(entries).map((entry, i, all) => {
        const words = describeTimelineEntry(entry, staff);
        const Icon = icons[entry.type] ?? Inbox;
        return (
          <li key={entry.id} className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3 pb-5 last:pb-0" data-testid="timeline-entry" data-type={entry.type}>
            {/* The line joining this entry to the one below it, behind the icons. */}
            {i < all.length - 1 ? <span className="absolute bottom-0 left-4 top-8 w-px bg-border" aria-hidden="true" /> : null}
            <span className="relative flex size-8 items-center justify-center rounded-full border border-border bg-background">
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="text-sm">
                <span className="font-semibold">{words.title}</span>
                {words.detail ? <span className="text-foreground"> {words.detail}</span> : null}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                <span className="break-words">{timelineActor(entry)}</span> · <time dateTime={entry.at} className="whitespace-nowrap">{formatDateTime(entry.at)}</time>
              </p>
              {words.note !== null ? (
                <p className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted px-3 py-2 text-sm">{words.note}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
