import { Link } from "react-router";
import { CalendarCheck } from "lucide-react";
import type { IndustryPage as IndustryPageContent } from "~/content/industries";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { ContentIcon } from "./content-icon";
import { CtaBand } from "./cta-band";
import { NumberedSteps } from "./numbered-steps";
import { Section } from "./section";

function BookDemoLink({ variant }: { variant?: "inverse" }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={paths.book}>
        <CalendarCheck aria-hidden="true" width={16} height={16} />
        Book demo
      </Link>
    </Button>
  );
}

/** The layout the three industry pages share. Book demo is a link to /book (spec section 2). */
export function IndustryPage({ content }: { content: IndustryPageContent }) {
  return (
    <>
      <PageHero eyebrow={<Badge>{content.eyebrow}</Badge>} title={content.title} lead={content.lead}>
        <BookDemoLink />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricing}>See pricing</Link>
        </Button>
      </PageHero>

      <Section title="Sound familiar?" width="narrow">
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
          <ContentIcon name={content.icon} size="lg" />
          <CheckList items={content.painPoints} className="text-lg" />
        </div>
      </Section>

      <Section tone="muted" title="What the agent handles">
        <ul className="grid gap-6 sm:grid-cols-2">
          {content.useCases.map((useCase) => (
            <li key={useCase.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-lg font-bold">{useCase.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{useCase.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="A typical call">
        <NumberedSteps steps={content.workflow.map((title) => ({ title, description: "" }))} />
      </Section>

      <CtaBand title="See it answer calls like yours" lead="Book a demo and we'll walk through your own call flow.">
        <BookDemoLink variant="inverse" />
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.compare}>Compare costs</Link>
        </Button>
      </CtaBand>
    </>
  );
}
