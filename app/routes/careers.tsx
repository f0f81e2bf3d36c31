import { Link } from "react-router";
import { ArrowRight, Mail } from "lucide-react";
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
  openRoles,
  readyToBuild,
  readyToBuildWithRoles,
  whatYoullBuild,
  whatYoullBuildTitle,
  whyJoinNow,
  whyJoinNowTitle,
} from "~/content/careers";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import type { RoleCard } from "@shared/content/site-content";
import { careersRolePath, paths } from "@shared/site-routes";

/**
 * The open roles (decision 0905), rendered by the server once per content change; a role leaves
 * the list when it closes. None (and the build's prerender): the page as it was, whose "Ready to
 * Build?" says there is no job board yet.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { roles: context.get(siteContentContext).roles };
}

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

/** Each open role as a link to its page, with its facts and closing date. */
function OpenRoles({ roles }: { roles: readonly RoleCard[] }) {
  return (
    <Section id="open-roles" tone="muted" title={openRoles.title} lead={openRoles.lead}>
      <ul className="mx-auto grid max-w-3xl gap-3" aria-label={openRoles.title}>
        {roles.map((role) => (
          <li key={role.slug}>
            <Link
              to={careersRolePath(role.slug)}
              className="group grid gap-1 rounded-xl border border-border bg-background p-5 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-6"
            >
              <span className="text-lg font-bold text-foreground group-hover:text-primary [overflow-wrap:anywhere]">{role.title}</span>
              <span className="text-[0.9375rem] text-muted-foreground sm:col-start-1">
                {[role.team, role.location, role.employmentTypeText].filter(Boolean).join(" · ")}
              </span>
              <span className="flex items-center gap-1.5 text-sm font-medium text-slate-700 sm:col-start-2 sm:row-span-2 sm:row-start-1">
                {openRoles.closes} <time dateTime={role.closesAt}>{role.closesOn}</time>
                <ArrowRight aria-hidden="true" className="size-4 text-primary" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default function CareersPage({ loaderData }: Route.ComponentProps) {
  const { roles } = loaderData;
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

      {roles.length > 0 ? <OpenRoles roles={roles} /> : null}

      <section id="ready-to-build" aria-labelledby="ready-to-build-title" className="scroll-mt-20 bg-ink text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h2 id="ready-to-build-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {readyToBuild.title}
          </h2>
          <p className="mt-4 text-lg text-slate-200">{roles.length > 0 ? readyToBuildWithRoles : readyToBuild.lead}</p>
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
