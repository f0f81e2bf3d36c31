import { Link } from "react-router";
import type { StoryCard } from "@shared/content/site-content";
import { storyPath } from "@shared/site-routes";
import { customersCopy } from "~/content/customers";
import { cn } from "~/lib/cn";

/** A story's results as figures: each value over what it counts. */
export function StoryResults({ results, className }: { results: StoryCard["results"]; className?: string }) {
  return (
    <dl aria-label={customersCopy.resultsLabel} className={cn("grid grid-cols-2 gap-4 sm:grid-cols-3", className)}>
      {results.map((r) => (
        <div key={`${r.value} ${r.label}`} className="flex flex-col-reverse justify-end">
          <dt className="text-[0.9375rem] text-muted-foreground">{r.label}</dt>
          <dd className="text-3xl font-extrabold tracking-tight text-primary">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A story's logo, or its company's name where it has none. */
export function StoryLogo({ story, className }: { story: Pick<StoryCard, "logo" | "company">; className?: string }) {
  if (!story.logo) return <p className={cn("text-lg font-bold", className)}>{story.company}</p>;
  return (
    <img
      src={story.logo.url}
      srcSet={story.logo.srcset}
      sizes="10rem"
      alt={story.logo.alt}
      width={story.logo.width}
      height={story.logo.height}
      loading="lazy"
      decoding="async"
      className={cn("h-10 w-auto max-w-40 object-contain", className)}
    />
  );
}

/**
 * The newest published story where a page shows its proof (the home page, an industry page):
 * its headline as a link to it, its results, and its quote.
 */
export function StoryProof({ story, headingLevel = 2 }: { story: StoryCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="mx-auto grid max-w-4xl gap-6 rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8" data-testid="story-proof">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{customersCopy.proofTitle}</p>
        <StoryLogo story={story} />
      </div>
      <Heading className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        <Link to={storyPath(story.slug)} className="hover:text-primary hover:underline">
          {story.title}
        </Link>
      </Heading>
      <StoryResults results={story.results} />
      {story.quote.text ? (
        <figure className="border-l-4 border-primary pl-4">
          <blockquote className="text-lg text-slate-700">
            <p>“{story.quote.text}”</p>
          </blockquote>
          <figcaption className="mt-2 text-[0.9375rem] text-muted-foreground">
            <span className="font-semibold text-foreground">{story.quote.person}</span>
            {story.quote.role ? `, ${story.quote.role}` : ""}, {story.company}
          </figcaption>
        </figure>
      ) : null}
      <p>
        <Link to={storyPath(story.slug)} className="font-semibold text-primary underline-offset-4 hover:underline">
          {customersCopy.readStory}
          <span className="sr-only">: {story.title}</span>
        </Link>
      </p>
    </article>
  );
}
