import { Link } from "react-router";
import { paths } from "@shared/site-routes";
import { adminStoryPath } from "./studio-paths";
import { siteIndustryLabels } from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { isAuthError } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { EntryCard } from "./entry-card";
import { PostStatusBadge } from "./post-status";
import { useStoryList } from "./site-words-api";

export const STORIES_FETCH_FAILED = "Failed to fetch the customer stories";

/** The customer stories, newest change first (decision 0906): each a link to its editor, named by its headline. */
export function StoriesView() {
  const list = useStoryList();
  const failed = list.isError && !isAuthError(list.error);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ContentBackLink />
        <Button asChild>
          <Link to={paths.adminStoryNew}>New story</Link>
        </Button>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the customer stories" testId="stories-loading" />
      ) : failed || !list.data ? (
        <FetchFailedCard message={STORIES_FETCH_FAILED} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty title="No customer stories yet." hint="Add the first one with New story." testId="stories-empty" />
      ) : (
        <ol className="grid gap-2" aria-label="Customer stories, newest change first" data-testid="story-items">
          {list.data.map((item) => (
            <EntryCard key={item.id} to={adminStoryPath(item.id)} name={item.draft.title}>
              <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                {[item.draft.company, siteIndustryLabels[item.draft.industry]].join(" · ")}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <PostStatusBadge status={item.status} publishAt={item.publishAt} />
              </span>
            </EntryCard>
          ))}
        </ol>
      )}
    </div>
  );
}
