import { data, Link } from "react-router";
import type { Route } from "./+types/story";
import { ArticleCta } from "~/components/content/article-cta";
import { RichText } from "~/components/content/rich-text";
import { BlogErrorBoundary, notFoundMeta } from "~/components/content/blog-not-found";
import { storyMeta } from "~/components/content/story-meta";
import { StoryLogo, StoryResults } from "~/components/marketing/story-proof";
import { customersCopy } from "~/content/customers";
import { siteContentContext } from "~/lib/router-context";
import { customersPath } from "@shared/site-routes";
import { siteIndustryLabels } from "@shared/schemas/content";

/** /customers/<slug>: a published customer story; any other address here is the site's 404. */
export function loader({ context, params }: Route.LoaderArgs) {
  const story = context.get(siteContentContext).story(params.slug);
  if (!story) throw data(null, { status: 404 });
  return story;
}

export const meta: Route.MetaFunction = ({ data: story }) => (story ? storyMeta(story) : notFoundMeta());
export const ErrorBoundary = BlogErrorBoundary;

/** Set like a post: one column; the results first, then the problem, what the agent does, the quote, and Book demo. */
export default function StoryPage({ loaderData: story }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-[44rem] px-4 pt-10 pb-12 sm:px-6 sm:pt-14">
      <p className="text-sm font-semibold">
        <Link to={customersPath} className="text-primary underline-offset-4 hover:underline">
          {customersCopy.backToList}
        </Link>
      </p>
      <header className="mt-4 grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            {customersCopy.eyebrow} · {siteIndustryLabels[story.industry]}
          </p>
          <StoryLogo story={story} />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-[2.75rem] sm:leading-tight">{story.title}</h1>
        <p className="text-lg font-semibold text-muted-foreground">{story.company}</p>
      </header>
      <StoryResults results={story.results} className="mt-8 rounded-xl bg-primary-soft p-6" />
      <section aria-labelledby="story-problem" className="mt-10">
        <h2 id="story-problem" className="text-2xl font-bold tracking-tight">
          {customersCopy.problemTitle}
        </h2>
        {story.problem.map((paragraph, i) => (
          <p key={i} className="mt-4 text-pretty text-lg leading-relaxed">
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="story-solution" className="mt-10">
        <h2 id="story-solution" className="text-2xl font-bold tracking-tight">
          {customersCopy.solutionTitle}
        </h2>
        <RichText tree={story.solution} className="mt-4" />
      </section>
      <figure className="mt-10 border-l-4 border-primary pl-5">
        <blockquote className="text-xl text-slate-700">
          <p>“{story.quote.text}”</p>
        </blockquote>
        <figcaption className="mt-3 text-[0.9375rem] text-muted-foreground">
          <span className="font-semibold text-foreground">{story.quote.person}</span>
          {story.quote.role ? `, ${story.quote.role}` : ""}, {story.company}
        </figcaption>
      </figure>
      <ArticleCta title={customersCopy.ctaTitle} lead={customersCopy.ctaLead} />
    </article>
  );
}
