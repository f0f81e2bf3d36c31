import type * as React from "react";
import { Link } from "react-router";
import { Check } from "lucide-react";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { featurePageSections } from "~/content/features";
import type { FeaturePage as FeaturePageContent } from "~/content/feature-pages";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { FeatureCards } from "./feature-cards";
import { CtaBand, CtaBandLink } from "./cta-band";
import { NumberedSteps } from "./numbered-steps";
import { Section } from "./section";

/**
 * The layout the four feature pages share; each page passes its content and its mock-up (`visual`,
 * the feature at work, beside the hero's copy). The mock-up comes from the page's route module so
 * each page's chunk carries only its own (docs/product.md#design).
 */
export function FeaturePage({ content, visual, visualRow }: { content: FeaturePageContent; visual: React.ReactNode; visualRow: string }) {
  return (
    <>
      <PageHero eyebrow={<Badge>{content.eyebrow}</Badge>} title={content.title} lead={content.lead} note={reassurance.setupCall} visual={visual} visualRow={visualRow}>
        <Button asChild size="lg">
          <Link to={paths.book}>{ctaLabels.bookSetupCall}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.contact}>{ctaLabels.contactUs}</Link>
        </Button>
      </PageHero>

      <Section title={featurePageSections.capabilitiesTitle}>
        <CapabilityList items={content.capabilities} />
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

      <CtaBand title={featurePageSections.finalCta.title} lead={featurePageSections.finalCta.lead} note={reassurance.setupCall}>
        <CtaBandLink to={paths.book} primary>{ctaLabels.bookSetupCall}</CtaBandLink>
        <CtaBandLink to={paths.contact}>{ctaLabels.contactUs}</CtaBandLink>
      </CtaBand>
    </>
  );
}

/**
 * What the feature does, as an open list (a tick, a title, a sentence) rather than a grid of
 * bordered cards: the mock-up above is the picture; this is the text that goes with it.
 */
function CapabilityList({ items }: { items: readonly { title: string; description: string }[] }) {
  return (
    <ul className="grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="flex gap-4">
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden="true">
            <Check className="size-4" width={16} height={16} />
          </span>
          <div>
            <h3 className="text-lg font-bold leading-snug">{item.title}</h3>
            <p className="mt-1 text-[0.9375rem] text-muted-foreground">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
