import { ExternalLink as ExternalIcon } from "lucide-react";
import type { Route } from "./+types/book";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { SchedulerFrame } from "~/components/marketing/scheduler-frame";
import { Section } from "~/components/marketing/section";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { bookHero, callAgenda, callAgendaSection, noRiskToStart, schedulerFrame } from "~/content/book";
import { Link } from "react-router";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.book);

export default function BookPage() {
  const { demoSchedulerUrl } = getRuntimeConfig();
  return (
    <>
      <PageHero eyebrow={<Badge variant="success">{bookHero.eyebrow}</Badge>} title={bookHero.title} lead={bookHero.lead} />

      <Section className="-mt-6 pt-0" width="wide">
        <div className="mx-auto max-w-4xl">
          <SchedulerFrame schedulerUrl={demoSchedulerUrl} />
          <p className="mt-4 text-center text-sm">
            {schedulerFrame.notLoading}{" "}
            <ExternalLink href={demoSchedulerUrl} className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-4">
              {schedulerFrame.openInNewTab}
              <ExternalIcon className="size-4" width={16} height={16} aria-hidden="true" />
            </ExternalLink>
          </p>
        </div>
      </Section>

      <Section tone="muted" title={callAgendaSection.title} lead={callAgendaSection.lead}>
        <NumberedSteps steps={callAgenda} columns={5} />
      </Section>

      <Section title={noRiskToStart.title} width="narrow">
        <GuaranteeCard />
        <p className="mt-6 text-center text-muted-foreground">
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
      </Section>
    </>
  );
}
