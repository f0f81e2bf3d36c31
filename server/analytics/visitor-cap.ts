import { dayOpen } from "./days";

/** New visitors one address (an IPv6 /64 counts as one) may bring per UTC day by default. */
export const DEFAULT_VISITORS_PER_ADDRESS = 50;
/** Visitors remembered across every address and open day; past it the oldest addresses are forgotten. */
const MAX_REMEMBERED_VISITORS = 500_000;

/** The overflow visitor's stand-in for a user agent: a header value never holds NUL, so no browser's hash meets it. */
export const OVER_CAP_AGENT = "\u0000over the daily cap of new visitors";

/**
 * The daily cap on new visitors per address (docs/decisions/0801). A visitor is a hash of address
 * and user agent, so one address rotating its user agent would otherwise be a new visitor per
 * event. The first `max` visitors an address brings in a UTC day count as themselves; the events
 * of any further one are counted for the address's one overflow visitor of that day (a hash of the
 * address and OVER_CAP_AGENT): stored, and taking the funnel's steps, but as one visitor whatever
 * the number of user agents, with the attribution of the overflow visitor's first event. So an
 * address counts at most `max` + 1 visitors a day, and a real visitor behind a crowded address
 * still has a submission or a booking counted.
 *
 * Kept in this process's memory, as the per-minute limit is: N instances allow N times the cap,
 * and a restart starts the day's count again. Only the first 64 bits of each visitor id are kept,
 * per address key, for the open days only.
 */
export class NewVisitorCap {
  /**
   * day -> address key -> the visitors counted as themselves (the first 64 bits of their id, as
   * hex): one string for an address's only visitor (most addresses), a set from the second on.
   */
  private readonly days = new Map<string, Map<string, string | Set<string>>>();
  private remembered = 0;

  constructor(readonly max: number = DEFAULT_VISITORS_PER_ADDRESS) {}

  /**
   * Whether `visitor` (from the address with rate-limit key `address`) counts as itself on `day`:
   * true for one already counted, or a new one while the address is under the cap.
   */
  admits(day: string, address: string, visitor: string, now: number): boolean {
    let addresses = this.days.get(day);
    if (!addresses) {
      this.forgetClosedDays(now);
      addresses = new Map();
      this.days.set(day, addresses);
    }
    const id = visitor.slice(0, 18);
    const known = addresses.get(address);
    if (known === undefined) {
      addresses.set(address, id);
    } else if (typeof known === "string") {
      if (known === id) return true;
      if (this.max < 2) return false;
      addresses.set(address, new Set([known, id]));
    } else {
      if (known.has(id)) return true;
      if (known.size >= this.max) return false;
      known.add(id);
    }
    if (++this.remembered > MAX_REMEMBERED_VISITORS) this.forgetOldest();
    return true;
  }

  private forgetClosedDays(now: number) {
    for (const [day, addresses] of this.days) {
      if (dayOpen(day, now)) continue;
      for (const known of addresses.values()) this.remembered -= typeof known === "string" ? 1 : known.size;
      this.days.delete(day);
    }
  }

  /** The addresses seen first (the days and each day's addresses in the order they came), until a tenth of the room is free. */
  private forgetOldest() {
    for (const addresses of this.days.values()) {
      for (const [address, known] of addresses) {
        if (this.remembered <= MAX_REMEMBERED_VISITORS * 0.9) return;
        this.remembered -= typeof known === "string" ? 1 : known.size;
        addresses.delete(address);
      }
    }
  }
}
