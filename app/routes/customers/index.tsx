import { Link } from "react-router";
import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { CtaBand } from "~/components/marketing/cta-band";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { StoryLogo, StoryResults } from "~/components/marketing/story-proof";
import { blogListMeta } from "~/components/content/blog-meta";
import { reassurance } from "~/content/calls-to-action";
import { customersCopy } from "~/content/customers";
import { siteContentContext } from "~/lib/router-context";
import { customersPath, storyPath } from "@shared/site-routes";
import { siteIndustryLabels } from "@shared/schemas/content";

/** /customers: the published customer stories, newest first (decision 0906). */
export function loader({ context }: Route.LoaderArgs) {
  return { stories: context.get(siteContentContext).stories };
}

export const meta: Route.MetaFunction = () => blogListMeta(customersPath, customersCopy.title, customersCopy.description);

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData;
  return (
    <>
      <PageHero eyebrow={<Badge>{customersCopy.eyebrow}</Badge>} title={customersCopy.title} lead={customersCopy.lead} />
      <section aria-label={customersCopy.title} className="bg-background">
        <div className="mx-auto max-w-6xl px-4 pb-14 sm:px-6 sm:pb-20">
          {stories.length === 0 ? (
            <p className="mx-auto max-w-prose text-center text-lg text-muted-foreground">{customersCopy.empty}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2">
              {stories.map((story) => (
                <li key={story.slug}>
                  <article className="grid h-full gap-4 rounded-xl border border-border bg-background p-6 shadow-sm">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <p className="text-sm font-semibold text-primary">{siteIndustryLabels[story.industry]}</p>
                      <StoryLogo story={story} />
                    </div>
                    <h2 className="text-xl font-bold tracking-tight text-pretty">
                      <Link to={storyPath(story.slug)} className="hover:text-primary hover:underline">
                        {story.title}
                      </Link>
                    </h2>
                    <StoryResults results={story.results.slice(0, 3)} />
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <CtaBand title={customersCopy.ctaTitle} lead={customersCopy.ctaLead} note={reassurance.bookDemo}>
        <BookDemoButton location="article" variant="inverse" />
      </CtaBand>
    </>
  );
}
