import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { FeatureCards } from "~/components/marketing/feature-cards";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { OutcomesStrip } from "~/components/marketing/outcomes-strip";
import { Section } from "~/components/marketing/section";
import { SecurityPoints } from "~/components/marketing/security-points";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { featuresFinalCta, featuresHero, featuresSections } from "~/content/features-index";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.features);

export default function FeaturesIndexPage() {
  return (
    <>
      <PageHero eyebrow={<Badge>{featuresHero.eyebrow}</Badge>} title={featuresHero.title} lead={featuresHero.lead} note={reassurance.setupCall}>
        <Button asChild size="lg">
          <Link to={paths.book}>{ctaLabels.bookSetupCall}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricing}>{ctaLabels.seePricing}</Link>
        </Button>
      </PageHero>

      <Section title={featuresSections.capabilitiesTitle}>
        <FeatureCards />
      </Section>

      <Section tone="muted" title={featuresSections.security.title} lead={featuresSections.security.lead}>
        <SecurityPoints />
      </Section>

      <OutcomesStrip />

      <Section title={featuresSections.guaranteeTitle} width="narrow">
        <GuaranteeCard />
      </Section>

      <CtaBand title={featuresFinalCta.title} lead={featuresFinalCta.lead} note={reassurance.setupCall}>
        <CtaBandLink to={paths.book} primary>{ctaLabels.bookSetupCall}</CtaBandLink>
        <CtaBandLink to={paths.pricing}>{ctaLabels.seePricing}</CtaBandLink>
      </CtaBand>
    </>
  );
}
