import * as React from "react";
import type { LeadSummary } from "@shared/api/lead-desk-api";

const MINUTE = 60_000;

/** A number and its unit kept on one line (a no-break space): "2 h" never wraps as "2 / h". */
const unit = (n: number, name: string) => `${n}\u00a0${name}`;

/**
 * A span in the words the inbox uses: "less than 1 min", "7 min", "2 h 10 min", "3 d 4 h". Whole
 * minutes, rounded down, so a lead is never shown as having waited longer than it did; days drop
 * the minutes, which no longer matter at that scale.
 */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return `less than ${unit(1, "min")}`;
  if (minutes < 60) return unit(minutes, "min");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? unit(hours, "h") : `${unit(hours, "h")} ${unit(minutes % 60, "min")}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? unit(days, "d") : `${unit(days, "d")} ${unit(hours % 24, "h")}`;
}

/** The first-contact target (LEADS_FIRST_CONTACT_MINUTES) in words; a target under a minute in seconds. */
export function targetText(minutes: number): string {
  return minutes < 1 ? unit(Math.max(1, Math.round(minutes * 60)), "s") : durationText(minutes * MINUTE);
}

export type LeadWait =
  /** First contacted (or booked) this long after it arrived. */
  | { kind: "waited"; ms: number; text: string }
  /** Still New: waiting this long so far. */
  | { kind: "waiting"; ms: number; text: string }
  /** Left New with no first-response time on record: nothing to measure. */
  | { kind: "unknown"; text: string };

/**
 * Speed to lead (docs/decisions/0701): first response − created, or now − created while New.
 * `now` is a parameter so the text is computed, not read from the clock, in tests.
 */
export function leadWait(lead: Pick<LeadSummary, "createdAt" | "firstResponseAt" | "status">, now: Date): LeadWait {
  const created = Date.parse(lead.createdAt);
  if (lead.firstResponseAt) {
    const ms = Date.parse(lead.firstResponseAt) - created;
    return { kind: "waited", ms, text: `waited ${durationText(ms)}` };
  }
  if (lead.status === "new") {
    const ms = now.getTime() - created;
    return { kind: "waiting", ms, text: `waiting ${durationText(ms)}` };
  }
  return { kind: "unknown", text: "no first contact recorded" };
}

/** The current time, moved on every `everyMs` so a "waiting …" text keeps counting while the page is open. */
export function useNow(everyMs = MINUTE): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
