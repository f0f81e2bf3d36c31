import { Link } from "react-router";
import { paths } from "@shared/site-routes";
import { adminTestimonialPath } from "./studio-paths";
import { siteIndustryLabels } from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { isAuthError } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { EntryCard } from "./entry-card";
import { PostStatusBadge } from "./post-status";
import { useTestimonialList } from "./site-words-api";

export const TESTIMONIALS_FETCH_FAILED = "Failed to fetch the testimonials";

/**
 * The testimonials in the order the home page shows them (decision 0906): each a link to its
 * editor, named by who said it; the seeded examples nobody replaced are marked.
 */
export function TestimonialsView() {
  const list = useTestimonialList();
  const failed = list.isError && !isAuthError(list.error);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ContentBackLink />
        <Button asChild>
          <Link to={paths.adminTestimonialNew}>New testimonial</Link>
        </Button>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the testimonials" testId="testimonials-loading" />
      ) : failed || !list.data ? (
        <FetchFailedCard message={TESTIMONIALS_FETCH_FAILED} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty title="No testimonials yet." hint="Add the first one with New testimonial." testId="testimonials-empty" />
      ) : (
        <ol className="grid gap-2" aria-label="Testimonials, in the order the home page shows them" data-testid="testimonial-items">
          {list.data.map((item) => (
            <EntryCard key={item.id} to={adminTestimonialPath(item.id)} name={item.draft.name}>
              <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {[item.draft.role, item.draft.company, siteIndustryLabels[item.draft.industry]].filter(Boolean).join(" · ")}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <PostStatusBadge status={item.status} publishAt={item.publishAt} />
                {item.draft.example ? <span className="rounded-full border border-dashed border-amber-600 px-2 py-0.5 text-xs font-semibold text-amber-900">Example: replace before launch</span> : null}
              </span>
            </EntryCard>
          ))}
        </ol>
      )}
    </div>
  );
}
