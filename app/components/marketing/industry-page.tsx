import * as React from "react";
import { Link } from "react-router";
import { CalendarCheck, ClipboardList, PhoneIncoming, Send } from "lucide-react";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import type { CallStepKind, IndustryPage as IndustryPageContent } from "~/content/industries";
import { industryPageSections } from "~/content/industry-page";
import { PageHero, reservedHeroRow } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { keepHyphenated } from "~/lib/keep-hyphenated";
import { paths } from "@shared/site-routes";
import { CheckList } from "./check-list";
import { ContentIcon } from "./content-icon";
import { CtaBand, CtaBandLink } from "./cta-band";
import { AgentAtWork } from "./mockup/agent-at-work";
import { Section } from "./section";
import { TextCardGrid } from "./text-card-grid";
import { Timeline } from "./timeline";
import { LazyStoryProof } from "./lazy-story-proof";
import type { StoryCard } from "@shared/content/site-content";

/** What happens in each step of "A typical call", as its node's icon. */
const callStepIcon = { answer: PhoneIncoming, gather: ClipboardList, book: CalendarCheck, handoff: Send } satisfies Record<CallStepKind, unknown>;

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
 * (docs/product.md#industry-pages). The hero shows the agent at work beside the copy; "A typical
 * call" is one timeline beside its heading, on the other side, so the page alternates copy and
 * picture (docs/product.md#design).
 */
export function IndustryPage({ content, story = null }: { content: IndustryPageContent; story?: StoryCard | null }) {
  const workflowHeading = React.useId();
  return (
    <>
      <PageHero
        eyebrow={<Badge>{content.eyebrow}</Badge>}
        title={content.title}
        lead={content.lead}
        note={reassurance.bookDemo}
        visual={<AgentAtWork demo={content.demo} />}
        visualRow={reservedHeroRow.agentAtWork}
      >
        <BookDemoLink />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.pricing}>{ctaLabels.seePricing}</Link>
        </Button>
      </PageHero>

      <Section title={industryPageSections.painPointsTitle} width="narrow">
        {/* One card: the industry's icon and name head it, the problems follow as its rows. */}
        <div className="mx-auto max-w-2xl overflow-hidden rounded-xl border border-border bg-background shadow-sm">
          <p className="flex items-center gap-3 border-b border-border px-6 py-4 font-semibold sm:px-8">
            <ContentIcon name={content.icon} />
            {content.painPointsLabel}
          </p>
          <CheckList items={content.painPoints} variant="concern" className="px-6 py-6 text-lg sm:px-8" />
        </div>
      </Section>

      <Section tone="muted" title={industryPageSections.useCasesTitle}>
        <TextCardGrid items={content.useCases} className="grid gap-6 sm:grid-cols-2" />
      </Section>

      <section aria-labelledby={workflowHeading} className="bg-background">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-16">
          <div className="mx-auto max-w-2xl text-center lg:order-last lg:mx-0 lg:text-left">
            <h2 id={workflowHeading} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {industryPageSections.workflowTitle}
            </h2>
            <p className="mt-4 text-pretty text-lg text-muted-foreground">{keepHyphenated(industryPageSections.workflowLead)}</p>
          </div>
          <Timeline
            steps={content.workflow.map((step) => ({ ...step, icon: callStepIcon[step.kind] }))}
            variant="roomy"
            className="mx-auto w-full max-w-xl rounded-2xl border border-border bg-background p-6 shadow-lg shadow-slate-900/5 sm:p-8 lg:max-w-none"
          />
        </div>
      </section>

      {/* The industry's newest published customer story (decision 0906); without one, nothing. */}
      {story ? (
        <section aria-label={story.title} className="bg-muted">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
            <LazyStoryProof story={story} />
          </div>
        </section>
      ) : null}

      <CtaBand title={industryPageSections.finalCta.title} lead={industryPageSections.finalCta.lead} note={reassurance.bookDemo}>
        <BookDemoLink variant="inverse" />
        <CtaBandLink to={paths.compare}>{ctaLabels.compareCosts}</CtaBandLink>
      </CtaBand>
    </>
  );
}
