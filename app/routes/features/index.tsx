import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ContentIcon } from "~/components/marketing/content-icon";
import { CtaBand } from "~/components/marketing/cta-band";
import { FeatureCards } from "~/components/marketing/feature-cards";
import { GuaranteeCard } from "~/components/marketing/guarantee-card";
import { OutcomesStrip } from "~/components/marketing/outcomes-strip";
import { Section } from "~/components/marketing/section";
import { securityPoints } from "~/content/outcomes";
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
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="security-panel">
          {securityPoints.map((point) => (
            <li key={point.title} className="rounded-xl border border-border bg-background p-5 shadow-sm">
              <ContentIcon name={point.icon} />
              <h3 className="mt-3 font-bold leading-tight">{point.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{point.description}</p>
            </li>
          ))}
        </ul>
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
