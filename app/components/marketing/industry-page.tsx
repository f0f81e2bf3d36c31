import { Link } from "react-router";
import { CalendarCheck } from "lucide-react";
import { ctaLabels } from "~/content/calls-to-action";
import type { IndustryPage as IndustryPageContent } from "~/content/industries";
import { industryPageSections } from "~/content/industry-page";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { ContentIcon } from "./content-icon";
import { CtaBand, CtaBandLink } from "./cta-band";
import { NumberedSteps } from "./numbered-steps";
import { Section } from "./section";
import { TextCardGrid } from "./text-card-grid";

function BookDemoLink({ variant }: { variant?: "inverse" }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={paths.book}>
        <CalendarCheck aria-hidden="true" width={16} height={16} />
        {ctaLabels.bookDemo}
      </Link>
    </Button>
  );
}

/**
 * The layout the three industry pages share. Book demo is a link to /book
 * (docs/product.md#industry-pages).
 */
export function IndustryPage({ content }: { content: IndustryPageContent }) {
  return (
    <>
      <PageHero eyebrow={<Badge>{content.eyebrow}</Badge>} title={content.title} lead={content.lead}>
        <BookDemoLink />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricing}>{ctaLabels.seePricing}</Link>
        </Button>
      </PageHero>

      <Section title={industryPageSections.painPointsTitle} width="narrow">
        {/* One centred card: the industry's icon heads the list on phones and sits beside it from sm up. */}
        <div className="mx-auto flex max-w-2xl flex-col gap-5 rounded-xl border border-border bg-background p-6 shadow-sm sm:flex-row sm:gap-6 sm:p-8">
          <ContentIcon name={content.icon} />
          <CheckList items={content.painPoints} variant="concern" className="text-lg sm:pt-2" />
        </div>
      </Section>

      <Section tone="muted" title={industryPageSections.useCasesTitle}>
        <TextCardGrid items={content.useCases} className="grid gap-6 sm:grid-cols-2" />
      </Section>

      <Section title={industryPageSections.workflowTitle}>
        <NumberedSteps steps={content.workflow} />
      </Section>

      <CtaBand title={industryPageSections.finalCta.title} lead={industryPageSections.finalCta.lead}>
        <BookDemoLink variant="inverse" />
        <CtaBandLink to={paths.compare}>{ctaLabels.compareCosts}</CtaBandLink>
      </CtaBand>
    </>
  );
}
