import { Mail } from "lucide-react";
import type { Route } from "./+types/careers";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { Section } from "~/components/marketing/section";
import {
  careersHero,
  careerValues,
  careerValuesTitle,
  inOffice,
  journey,
  readyToBuild,
  whatYoullBuild,
  whatYoullBuildTitle,
  whyJoinNow,
  whyJoinNowTitle,
} from "~/content/careers";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.careers);

/** A narrow section of plain paragraphs under its title. */
function ProseSection({ title, paragraphs }: { title: string; paragraphs: readonly string[] }) {
  return (
    <Section title={title} width="narrow">
      <div className="space-y-4 text-lg text-slate-700">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}

export default function CareersPage() {
  const { careersEmail } = getRuntimeConfig();
  const mailto = `mailto:${careersEmail}?subject=${encodeURIComponent(readyToBuild.mailSubject)}`;
  return (
    <>
      <PageHero eyebrow={<Badge>{careersHero.badge}</Badge>} title={careersHero.title} lead={careersHero.lead}>
        <a href="#ready-to-build" className={buttonVariants({ size: "lg" })}>
          {readyToBuild.title}
        </a>
      </PageHero>

      <ProseSection title={journey.title} paragraphs={journey.paragraphs} />

      <Section tone="muted" title={careerValuesTitle}>
        <IconCardGrid items={careerValues} columns={4} />
      </Section>

      <Section title={whatYoullBuildTitle}>
        <IconCardGrid items={whatYoullBuild} columns={4} />
      </Section>

      <Section tone="muted" title={whyJoinNowTitle}>
        <IconCardGrid items={whyJoinNow} columns={4} />
      </Section>

      <ProseSection title={inOffice.title} paragraphs={inOffice.paragraphs} />

      <section id="ready-to-build" aria-labelledby="ready-to-build-title" className="scroll-mt-20 bg-ink text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h2 id="ready-to-build-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {readyToBuild.title}
          </h2>
          <p className="mt-4 text-lg text-slate-200">{readyToBuild.lead}</p>
          <a href={mailto} className={`${buttonVariants({ size: "lg", variant: "inverse" })} mt-8`}>
            <Mail aria-hidden="true" width={16} height={16} />
            {readyToBuild.cta}
          </a>
          <p className="mt-4 text-sm text-slate-200">
            {readyToBuild.writeTo} <span className="font-semibold text-white">{careersEmail}</span>
          </p>
        </div>
      </section>
    </>
  );
}
