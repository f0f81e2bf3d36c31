import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CtaBand } from "~/components/marketing/cta-band";
import { FeatureCards } from "~/components/marketing/feature-cards";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { OutcomesStrip } from "~/components/marketing/outcomes-strip";
import { Section } from "~/components/marketing/section";
import { SecurityPoints } from "~/components/marketing/security-points";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.features);

export default function FeaturesIndexPage() {
  return (
    <>
      <PageHero
        eyebrow={<Badge>Features</Badge>}
        title="Everything your front desk does, done by AI"
        lead="Four capabilities that work together: automation that finishes the job, every channel in one queue, analytics you can act on, and answers to the hard questions."
      />

      <Section className="-mt-6 pt-0" title="Four capabilities, one agent">
        <FeatureCards />
      </Section>

      <Section tone="muted" title="Security & Compliance" lead="Built for businesses that handle sensitive conversations.">
        <SecurityPoints />
      </Section>

      <OutcomesStrip />

      <Section title="Try it without the risk" width="narrow">
        <GuaranteeCard />
      </Section>

      <CtaBand title="See the features on your own calls" lead="A short setup call is all it takes to start.">
        <Button asChild size="lg" variant="inverse">
          <Link to={paths.book}>Book a setup call</Link>
        </Button>
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.pricing}>See pricing</Link>
        </Button>
      </CtaBand>
    </>
  );
}
