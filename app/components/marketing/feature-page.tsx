import { Link } from "react-router";
import type { FeaturePage as FeaturePageContent } from "~/content/features";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { FeatureCards } from "./feature-cards";
import { CtaBand } from "./cta-band";
import { NumberedSteps } from "./numbered-steps";
import { Section } from "./section";

/** The layout the four feature pages share; each page passes its content. */
export function FeaturePage({ content }: { content: FeaturePageContent }) {
  return (
    <>
      <PageHero eyebrow={<Badge>{content.eyebrow}</Badge>} title={content.title} lead={content.lead}>
        <Button asChild size="lg">
          <Link to={paths.book}>Book a setup call</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.contact}>Contact us</Link>
        </Button>
      </PageHero>

      <Section title="What it does">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.capabilities.map((capability) => (
            <li key={capability.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-lg font-bold">{capability.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{capability.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title="How it works">
        <NumberedSteps steps={content.steps} columns={3} />
      </Section>

      <Section title="Why it matters" width="narrow">
        {/* A centred block whose lines stay left-aligned under the centred heading. */}
        <CheckList items={content.benefits} className="mx-auto w-fit text-lg" />
      </Section>

      <Section tone="muted" title="Explore more features">
        <FeatureCards except={content.path} />
      </Section>

      <CtaBand title="See it on your own calls" lead="Book a short setup call, or tell us about your business and we'll be in touch.">
        <Button asChild size="lg" variant="inverse">
          <Link to={paths.book}>Book a setup call</Link>
        </Button>
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.contact}>Contact us</Link>
        </Button>
      </CtaBand>
    </>
  );
}
