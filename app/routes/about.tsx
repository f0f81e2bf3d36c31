import { Link } from "react-router";
import { CalendarCheck, Quote } from "lucide-react";
import type { Route } from "./+types/about";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { CheckList } from "~/components/marketing/check-list";
import { ContentIcon } from "~/components/marketing/content-icon";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { Section } from "~/components/marketing/section";
import {
  aboutFinalCta,
  aboutHero,
  founders,
  foundersTitle,
  howItWorksTitle,
  mission,
  values,
  valuesTitle,
  whatWeDo,
  whoWeServe,
} from "~/content/about";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { rolloutSteps } from "~/content/outcomes";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.about);

export default function AboutPage() {
  const { demoSchedulerUrl, enterpriseSchedulerUrl } = getRuntimeConfig();
  return (
    <>
      <PageHero eyebrow={<Badge>{aboutHero.eyebrow}</Badge>} title={aboutHero.title} lead={aboutHero.lead} note={reassurance.bookDemo}>
        <ExternalLink href={demoSchedulerUrl} className={buttonVariants({ size: "lg" })}>
          <CalendarCheck aria-hidden="true" width={16} height={16} />
          {ctaLabels.bookDemo}
        </ExternalLink>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.careers}>{aboutHero.careersCta}</Link>
        </Button>
      </PageHero>

      <Section title={mission.title} width="narrow">
        <div className="space-y-4 text-lg text-slate-700">
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section tone="muted" title={whatWeDo.title} width="narrow">
        <CheckList items={whatWeDo.items} columns={2} />
      </Section>

      <Section title={whoWeServe.title} lead={whoWeServe.lead}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {whoWeServe.segments.map((segment) => (
            <li key={segment.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
              <ContentIcon name={segment.icon} />
              <h3 className="mt-4 text-lg font-bold">{segment.title}</h3>
              <p className="mt-2 text-[0.9375rem] text-muted-foreground">{segment.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title={howItWorksTitle}>
        <NumberedSteps steps={rolloutSteps} />
      </Section>

      <Section title={valuesTitle}>
        <IconCardGrid items={values} />
      </Section>

      <Section tone="muted" title={foundersTitle}>
        <ul className="grid gap-6 md:grid-cols-2">
          {founders.map((founder) => (
            <li key={founder.name} className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
              <div className="flex items-center gap-4">
                <span
                  className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
                  aria-hidden="true"
                >
                  {founder.initials}
                </span>
                <div>
                  <h3 className="text-lg font-bold">{founder.name}</h3>
                  <p className="text-sm text-muted-foreground">{founder.role}</p>
                </div>
              </div>
              <p className="mt-4 text-[0.9375rem] text-slate-700">{founder.bio}</p>
              <blockquote className="mt-4 flex gap-3 border-l-4 border-primary pl-4 italic text-foreground">
                <Quote className="size-5 shrink-0 text-primary" width={20} height={20} aria-hidden="true" />
                <p>{founder.quote}</p>
              </blockquote>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand title={aboutFinalCta.title} lead={aboutFinalCta.lead} note={reassurance.bookDemo}>
        <ExternalLink href={demoSchedulerUrl} className={buttonVariants({ size: "lg", variant: "inverse" })}>
          {ctaLabels.bookDemo}
        </ExternalLink>
        <CtaBandLink to={paths.careers}>{aboutFinalCta.careersLabel}</CtaBandLink>
        <ExternalLink
          href={enterpriseSchedulerUrl}
          className={buttonVariants({ size: "lg", variant: "outline-inverse" })}
        >
          {aboutFinalCta.enterpriseLabel}
        </ExternalLink>
      </CtaBand>
    </>
  );
}
