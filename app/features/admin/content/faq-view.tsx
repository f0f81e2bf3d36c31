import * as React from "react";
import { Link } from "react-router";
import { ArrowDown, ArrowUp } from "lucide-react";
import { toast } from "~/lib/toast";
import { paths } from "@shared/site-routes";
import { adminFaqItemPath } from "./studio-paths";
import { Button } from "~/components/ui/button";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { PostStatusBadge } from "./post-status";
import { sendFaqOrder, useFaqList, useRefreshSiteWords } from "./site-words-api";

export const FAQ_FETCH_FAILED = "Failed to fetch the questions";

/**
 * The FAQ's questions in the order /faq shows them (decision 0904): each a link to its editor,
 * named by its text; Move up and Move down change the order on the site at once (audited).
 */
export function FaqView() {
  const list = useFaqList();
  const refresh = useRefreshSiteWords();
  const [moving, setMoving] = React.useState(false);
  const failed = list.isError && !isAuthError(list.error);

  async function move(index: number, by: -1 | 1) {
    const items = [...(list.data ?? [])];
    const [item] = items.splice(index, 1);
    if (!item) return;
    items.splice(index + by, 0, item);
    setMoving(true);
    try {
      await sendFaqOrder(items);
      refresh(item.id);
      await list.refetch();
      toast.success("Order changed on the site");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Failed to change the order");
      void list.refetch();
    } finally {
      setMoving(false);
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ContentBackLink />
        <Button asChild>
          <Link to={paths.adminFaqNew}>New question</Link>
        </Button>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the questions" testId="faq-loading" />
      ) : failed || !list.data ? (
        <FetchFailedCard message={FAQ_FETCH_FAILED} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty title="No questions yet." hint="Add the first one with New question." testId="faq-empty" />
      ) : (
        <ol className="grid gap-2" aria-label="Questions, in the order the FAQ shows them" data-testid="faq-items">
          {list.data.map((item, index) => (
            <li key={item.id} className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="grid min-w-0 gap-1">
                <Link to={adminFaqItemPath(item.id)} className="font-semibold text-primary underline-offset-2 hover:underline [overflow-wrap:anywhere]">
                  {item.draft.question}
                </Link>
                <span>
                  <PostStatusBadge status={item.status} publishAt={item.publishAt} />
                </span>
              </div>
              <div className="flex gap-1">
                <Button type="button" variant="outline" size="sm" disabled={moving || index === 0} onClick={() => void move(index, -1)} aria-label={`Move up: ${item.draft.question}`}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={moving || index === list.data.length - 1}
                  onClick={() => void move(index, 1)}
                  aria-label={`Move down: ${item.draft.question}`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
