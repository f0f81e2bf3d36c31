import * as React from "react";
import { CalendarCheck, Clock, ExternalLink as ExternalIcon, UsersRound, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/book";
import { ExternalLink } from "~/components/layout/external-link";
import { HeroNote, PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { SchedulerFrame } from "~/components/marketing/scheduler-frame";
import { Timeline } from "~/components/marketing/timeline";
import { bookHero, callAgenda, callAgendaSection, callFacts, noRiskToStart, schedulerFrame } from "~/content/book";
import { reassurance } from "~/content/calls-to-action";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.book);

const factIcons: Record<(typeof callFacts)[number]["key"], LucideIcon> = { length: Clock, host: UsersRound, outcome: CalendarCheck };

/** A column section of /book with its own heading (the page's bands are its two columns). */
function ColumnSection({ title, lead, children, className }: { title: string; lead?: string; children: React.ReactNode; className?: string }) {
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-muted-foreground">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/*
 * Two columns from lg: the call (facts, agenda, guarantee) on the left, the scheduler on the
 * right across all three rows. On a phone one column in source order: the facts, then the
 * scheduler, so it starts in the first screen, then the agenda and the guarantee
 * (docs/product.md#design).
 */
export default function BookPage() {
  const { demoSchedulerUrl } = getRuntimeConfig();
  return (
    <>
      <PageHero eyebrow={<Badge>{bookHero.eyebrow}</Badge>} title={bookHero.title} lead={bookHero.lead} />

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-2 pb-14 sm:px-6 sm:pt-4 sm:pb-20 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr] lg:gap-x-12 lg:gap-y-10">
        <dl className="grid gap-4 rounded-xl border border-border bg-muted/60 p-5 sm:p-6 lg:col-start-1 lg:row-start-1" data-testid="call-facts">
          {callFacts.map((fact) => {
            const Icon = factIcons[fact.key];
            return (
              // A dl's group may hold only dt and dd: the icon sits in the dt, in the group's padding.
              <div key={fact.key} className="relative pl-8">
                <dt className="font-semibold">
                  <Icon className="absolute top-0.5 left-0 size-5 text-primary" width={20} height={20} aria-hidden="true" />
                  {fact.term}
                </dt>
                <dd className="text-[0.9375rem] text-muted-foreground">{fact.detail}</dd>
              </div>
            );
          })}
        </dl>

        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-1" data-testid="scheduler-column">
          <SchedulerFrame schedulerUrl={demoSchedulerUrl} />
          <HeroNote className="text-center">{reassurance.setupCall}</HeroNote>
          <p className="mt-2 text-center text-sm">
            {schedulerFrame.notLoading}{" "}
            <ExternalLink href={demoSchedulerUrl} className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-4">
              {schedulerFrame.openInNewTab}
              <ExternalIcon className="size-4" width={16} height={16} aria-hidden="true" />
            </ExternalLink>
          </p>
        </div>

        <ColumnSection title={callAgendaSection.title} lead={callAgendaSection.lead} className="lg:col-start-1 lg:row-start-2">
          <Timeline steps={callAgenda} />
        </ColumnSection>

        <ColumnSection title={noRiskToStart.title} className="lg:col-start-1 lg:row-start-3">
          <GuaranteeCard />
          <p className="mt-5 text-muted-foreground">
            {noRiskToStart.questions}{" "}
            <Link to={paths.contact} className="font-semibold text-primary underline underline-offset-4">
              {noRiskToStart.contactLabel}
            </Link>{" "}
            {noRiskToStart.faqPrefix}{" "}
            <Link to={paths.faq} className="font-semibold text-primary underline underline-offset-4">
              {noRiskToStart.faqLabel}
            </Link>
            .
          </p>
        </ColumnSection>
      </div>
    </>
  );
}
