import { Link } from "react-router";
import { ctaLabels } from "~/content/calls-to-action";
import { featurePageSections, type FeaturePage as FeaturePageContent } from "~/content/features";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { FeatureCards } from "./feature-cards";
import { CtaBand, CtaBandLink } from "./cta-band";
import { NumberedSteps } from "./numbered-steps";
import { Section } from "./section";
import { TextCardGrid } from "./text-card-grid";

/** The layout the four feature pages share; each page passes its content. */
export function FeaturePage({ content }: { content: FeaturePageContent }) {
  return (
    <>
      <PageHero eyebrow={<Badge>{content.eyebrow}</Badge>} title={content.title} lead={content.lead}>
        <Button asChild size="lg">
          <Link to={paths.book}>{ctaLabels.bookSetupCall}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.contact}>{ctaLabels.contactUs}</Link>
        </Button>
      </PageHero>

      <Section title={featurePageSections.capabilitiesTitle}>
        <TextCardGrid items={content.capabilities} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section tone="muted" title={featurePageSections.stepsTitle}>
        <NumberedSteps steps={content.steps} columns={3} />
      </Section>

      <Section title={featurePageSections.benefitsTitle} width="narrow">
        {/* A centred block whose lines stay left-aligned under the centred heading. */}
        <CheckList items={content.benefits} className="mx-auto w-fit text-lg" />
      </Section>

      <Section tone="muted" title={featurePageSections.moreFeaturesTitle}>
        <FeatureCards except={content.path} />
      </Section>

      <CtaBand title={featurePageSections.finalCta.title} lead={featurePageSections.finalCta.lead}>
        <CtaBandLink to={paths.book} primary>{ctaLabels.bookSetupCall}</CtaBandLink>
        <CtaBandLink to={paths.contact}>{ctaLabels.contactUs}</CtaBandLink>
      </CtaBand>
    </>
  );
}
