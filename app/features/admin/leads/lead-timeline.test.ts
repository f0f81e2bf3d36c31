import { describe, expect, it } from "vitest";
import type { LeadTimelineEntry } from "@shared/api/lead-desk-api";
import { describeTimelineEntry, newestFirst, timelineActor } from "./lead-timeline";
import { staffOther, staffOwner, timelineEntry } from "./lead-fixtures";

const staffActor = { id: staffOwner.id, email: staffOwner.email };
const words = (entry: Partial<LeadTimelineEntry>) => {
  const e = timelineEntry(entry);
  const w = describeTimelineEntry(e, [staffOwner, staffOther]);
  return [w.title, w.detail, w.note].filter((v) => v !== null).join(" | ") + ` — ${timelineActor(e)}`;
};

describe("the timeline in words, with who did it", () => {
  it("names every kind of entry", () => {
    expect(words({ type: "created", data: { source: "enterprise_inline" } })).toBe("Lead received | from the enterprise form — the visitor");
    expect(words({ type: "notification_delivered", data: { channel: "email", topic: "lead_stored" } })).toBe("Notification delivered | staff e-mail · new lead — the system");
    expect(words({ type: "notification_failed", data: { channel: "slack", topic: "follow_up", attempt: 2, error: "http_500" } })).toBe(
      "Notification failed, will retry | Slack · follow-up · attempt 2 · http_500 — the system",
    );
    expect(words({ type: "notification_dead", data: { channel: "webhook", topic: "meeting_booked", attempts: 12 } })).toBe(
      "Notification given up | webhook · meeting booked · after 12 attempts — the system",
    );
    expect(words({ type: "scheduler_shown", data: {} })).toBe("Scheduler shown to the visitor — the visitor");
    expect(words({ type: "meeting_booked", data: { startsAt: "2026-03-05T15:00:00.000Z", status: { from: "new", to: "meeting_booked" } } })).toMatch(
      /^Meeting booked \| for Mar 5, 2026, .* · status New → Meeting booked — the scheduler$/,
    );
    expect(words({ type: "meeting_booked", data: { startsAt: null } })).toBe("Meeting booked — the scheduler");
    expect(words({ type: "meeting_unconfirmed", data: { matchedBy: "email" } })).toBe(
      "Booking under this e-mail, not confirmed | matched by e-mail only: the lead's status and meeting are unchanged — the scheduler",
    );
    expect(words({ type: "meeting_unconfirmed", data: { confirmed: true } })).toBe("Booking under this e-mail, since confirmed — the scheduler");
    expect(words({ type: "meeting_rescheduled", data: {} })).toBe("Meeting rescheduled — the scheduler");
    expect(words({ type: "meeting_cancelled", data: { reason: "Sick", status: { from: "meeting_booked", to: "contacted" } } })).toBe(
      "Meeting cancelled | Sick · status Meeting booked → Contacted — the scheduler",
    );
    expect(words({ type: "meeting_cancelled", data: { rescheduled: true } })).toBe("Meeting cancelled to be rescheduled — the scheduler");
    expect(words({ type: "no_show", data: { status: { from: "meeting_booked", to: "no_show" } } })).toBe(
      "Marked as a no-show | status Meeting booked → No-show — the scheduler",
    );
    expect(words({ type: "no_show_cleared", data: {} })).toBe("No-show taken back — the scheduler");
    expect(words({ type: "follow_up_alerted", data: { channels: ["email", "slack"] } })).toBe(
      "Follow-up alert sent: no meeting booked yet | by staff e-mail, Slack — the system",
    );
    expect(words({ type: "status_changed", actor: staffActor, data: { from: "meeting_booked", to: "no_show" } })).toBe(
      `Status changed | Meeting booked → No-show — ${staffOwner.email}`,
    );
    expect(words({ type: "owner_changed", actor: staffActor, data: { from: null, to: { id: staffOther.id, email: staffOther.email } } })).toBe(
      `Owner changed | Unassigned → ${staffOther.email} — ${staffOwner.email}`,
    );
    // The e-mail the owner had then, even if the staff list has changed since.
    expect(words({ type: "owner_changed", actor: staffActor, data: { from: { id: staffOther.id, email: "old@example.com" }, to: null } })).toBe(
      `Owner changed | old@example.com → Unassigned — ${staffOwner.email}`,
    );
    expect(words({ type: "note_added", actor: staffActor, data: { text: "Call back Tuesday" } })).toBe(`Note | Call back Tuesday — ${staffOwner.email}`);
  });

  it("orders newest first whatever order it arrives in", () => {
    const entries = [
      timelineEntry({ id: "a", at: "2026-03-02T09:00:00.000Z" }),
      timelineEntry({ id: "c", at: "2026-03-02T11:00:00.000Z" }),
      timelineEntry({ id: "b", at: "2026-03-02T10:00:00.000Z" }),
    ];
    expect(newestFirst(entries).map((e) => e.id)).toEqual(["c", "b", "a"]);
  });

  it("shows entries of the same instant newest written first, whatever their ids", () => {
    const at = "2026-03-02T09:00:00.000Z";
    // The server sends them as written: created, then the owner it was given in the same statement.
    const entries = [timelineEntry({ id: "ffff", at, type: "created" }), timelineEntry({ id: "0000", at, type: "owner_changed" })];
    expect(newestFirst(entries).map((e) => e.type)).toEqual(["owner_changed", "created"]);
  });
});
