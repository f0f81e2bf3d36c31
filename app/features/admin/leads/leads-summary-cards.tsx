import { Link } from "react-router";
import { CalendarCheck, CalendarX, Clock, Hourglass, Inbox } from "lucide-react";
import { paths } from "@shared/site-routes";
import { CardDescription } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { useLeadSummary, type LeadDeskSummary } from "./leads-api";
import { utcDay, utcDaysBefore } from "@shared/utc-day";
import { leadsHref, utcMonday, type UrlFilters } from "./leads-filters";
import { targetText } from "./lead-wait";

export type SummaryCard = {
  key: keyof Pick<LeadDeskSummary, "newToday" | "awaitingFirstContact" | "meetingsBookedThisWeek" | "submittedNotBooked">;
  title: string;
  description: string;
  href: string;
  icon: typeof Inbox;
};

/**
 * The dashboard's lead-desk cards, each a link into the inbox with the filters that list exactly
 * the leads it counts (shared/api/lead-desk-api.ts names each card's filter). Days are UTC days,
 * as the server counts them.
 */
export function summaryCards(now: Date, summary: LeadDeskSummary | undefined): SummaryCard[] {
    const href = (filters: UrlFilters) => leadsHref(paths.adminLeads, filters);
  const target = summary ? targetText(summary.firstContactTargetMinutes) : null;
  return [
    { key: "newToday", title: "New leads today", description: "Received since midnight (UTC), every form.", href: href({ from: utcDay(now) }), icon: Inbox },
    {
      key: "awaitingFirstContact",
      title: "Awaiting first contact",
      description: target ? `Still New. Target: first contact within ${target}.` : "Still New.",
      href: href({ status: "new" }),
      icon: Hourglass,
    },
    {
      key: "meetingsBookedThisWeek",
      title: "Meetings booked this week",
      description: "Booked since Monday (UTC).",
      href: href({ bookedFrom: utcMonday(now) }),
      icon: CalendarCheck,
    },
    {
      key: "submittedNotBooked",
      title: "Submitted, not booked",
      description: "Booking and enterprise leads of the last 7 days without a meeting.",
      href: href({ notBooked: true, from: utcDaysBefore(now, 6) }),
      icon: CalendarX,
    },
  ];
}

/**
 * Four counts from GET /api/admin/leads/summary. While they load, or if they cannot be read, the
 * cards still link into the inbox, with the count left out rather than shown as 0. Each card's
 * title is its link, stretched over the card; the awaiting card has a second link, to the overdue
 * leads, above it.
 */
export function LeadSummaryCards({ now = new Date() }: { now?: Date }) {
  const summary = useLeadSummary();
  const data = summary.data;
  return (
    <>
      {summaryCards(now, data).map((card) => {
        const Icon = card.icon;
        const count = data?.[card.key];
        const overdue = card.key === "awaitingFirstContact" && data ? data.overdue : 0;
        return (
          // Card's shape, its border amber while leads are overdue (Card's own border colour would conflict).
          <div
            key={card.key}
            className={cn(
              "relative h-full rounded-xl border bg-background p-4 shadow-sm transition-colors sm:p-6 hover:border-primary has-[[data-stretched]:focus-visible]:ring-2 has-[[data-stretched]:focus-visible]:ring-ring has-[[data-stretched]:focus-visible]:ring-offset-2",
              overdue > 0 ? "border-amber-600" : "border-border",
            )}
            data-testid={`lead-card-${card.key}`}
          >
            <div className="mb-2 flex items-center justify-between gap-3 sm:mb-3">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <span className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid="lead-card-count">
                {count ?? (summary.isPending ? <span className="text-base font-normal text-muted-foreground">…</span> : "—")}
              </span>
            </div>
            <h3 className="text-base font-bold leading-tight sm:text-lg">
              <Link to={card.href} data-stretched="" className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
                {card.title}
              </Link>
            </h3>
            <CardDescription className="mt-1">{card.description}</CardDescription>
            {overdue > 0 ? (
              <Link
                to={leadsHref(paths.adminLeads, { overdue: true })}
                className="relative z-10 mt-2 inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-amber-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="lead-card-overdue"
              >
                <Clock className="size-4" aria-hidden="true" />
                {overdue} overdue
              </Link>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
