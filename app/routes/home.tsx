import { Link } from "react-router";
import { ShieldCheck } from "lucide-react";
import type { Route } from "./+types/home";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { CheckList } from "~/components/marketing/check-list";
import { FeatureCards } from "~/components/marketing/feature-cards";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { OutcomesStrip } from "~/components/marketing/outcomes-strip";
import { ProofBand } from "~/components/marketing/proof-band";
import { codeTestimonials } from "~/components/marketing/testimonials";
import { Section } from "~/components/marketing/section";
import { AgentAtWork } from "~/components/marketing/mockup/agent-at-work";
import { HeroNote, heroGridClass, reservedHeroRow } from "~/components/layout/page-hero";
import { cn } from "~/lib/cn";
import { agentDemos } from "~/content/agent-demo";
import { ctaLabels } from "~/content/calls-to-action";
import { featureStrip, flatPriceHighlight, homeHero, rolloutStrip } from "~/content/home";
import { pricesOf, usePrices } from "~/lib/published-prices";
import { rolloutSteps } from "~/content/outcomes";
import { organizationJsonLd, pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import { newestStory } from "@shared/content/site-content";
import { paths } from "@shared/site-routes";
import { keepHyphenated } from "~/lib/keep-hyphenated";

/**
 * The published testimonials and the newest customer story (decision 0906); where nothing is
 * published (the build's prerender), the code's example testimonials, read here so that they stay
 * out of the page's script.
 */
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(siteContentContext);
  return { testimonials: content.testimonials ?? codeTestimonials(), story: newestStory(content.stories, null) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(paths.home, [organizationJsonLd()], pricesOf(matches).monthly);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const monthly = usePrices().monthly;
  return (
    <>
      {/* The same grid as PageHero with a visual: copy beside the agent at work from lg up, the
          picture under the actions on a phone (docs/product.md#design). */}
      <section className="bg-gradient-to-b from-primary-soft to-background">
        <div className={cn(heroGridClass, reservedHeroRow.agentAtWork)}>
          <div className="min-w-0">
            <p className="mb-4 text-balance text-sm font-semibold text-primary-hover">{homeHero.eyebrow}</p>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{keepHyphenated(homeHero.title)}</h1>
            <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg text-muted-foreground lg:mx-0">{keepHyphenated(homeHero.lead)}</p>
            <div className="mt-8 flex flex-wrap items-center justify-center gap-3 lg:justify-start">
              <BookDemoButton location="hero" />
              <Button asChild size="lg" variant="outline">
                <Link to={paths.pricing}>{ctaLabels.seePricing}</Link>
              </Button>
            </div>
            {/* The reassurance line, its guarantee said by the badge beside it rather than twice. */}
            <div className="flex flex-wrap items-center justify-center gap-x-3 lg:justify-start">
              <HeroNote>{homeHero.note}</HeroNote>
              <Badge variant="success" size="md" className="mt-3">
                <ShieldCheck className="size-4" width={16} height={16} aria-hidden="true" />
                {homeHero.guaranteeBadge}
              </Badge>
            </div>
            <CheckList
              items={[flatPriceHighlight(monthly), ...homeHero.highlights.slice(1)]}
              className="mx-auto mt-8 w-fit text-left text-sm font-medium sm:text-base lg:mx-0"
            />
          </div>
          <div className="mx-auto w-full min-w-0 max-w-md lg:max-w-none lg:self-start">
            <AgentAtWork demo={agentDemos.home} />
          </div>
        </div>
      </section>

      <ProofBand testimonials={loaderData.testimonials} story={loaderData.story} />

      <Section tone="muted" eyebrow={featureStrip.eyebrow} title={featureStrip.title} lead={featureStrip.lead}>
        <FeatureCards />
        <p className="mt-8 text-center">
          <Link to={paths.features} className="font-semibold text-primary underline-offset-4 hover:underline">
            {featureStrip.exploreLabel}
          </Link>
        </p>
      </Section>

      <OutcomesStrip />

      <Section tone="muted" eyebrow={rolloutStrip.eyebrow} title={rolloutStrip.title} lead={rolloutStrip.lead}>
        <NumberedSteps steps={rolloutSteps} />
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <BookDemoButton location="cta_strip" />
          <Button asChild size="lg" variant="outline">
            <Link to={paths.compare}>{ctaLabels.compareCosts}</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
