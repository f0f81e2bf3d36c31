import * as React from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { adminPostPath } from "./studio-paths";
import type { ContentEntrySummary } from "@shared/api/content-api";
import { contentStatuses, contentStatusLabels, type ContentStatus } from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { isAuthError } from "../api-client";
import { formatDateTime } from "../format";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import { PostStatusBadge } from "./post-status";
import { usePosts } from "./posts-api";

export const POSTS_FETCH_FAILED = "Failed to fetch posts";

/** The status the list shows, from the URL (?status=draft); anything else is All. */
export function statusFromSearchParams(params: URLSearchParams): ContentStatus | null {
  const status = params.get("status");
  return (contentStatuses as readonly string[]).includes(status ?? "") ? (status as ContentStatus) : null;
}

/**
 * The studio's list of posts (docs/decisions/0903), newest change first. The status filter lives
 * in the URL, so a bookmark or Back opens the list as it was.
 */
export function PostsView() {
  const [searchParams] = useSearchParams();
  const status = statusFromSearchParams(searchParams);
  const posts = usePosts(status);
  const failed = posts.isError && !isAuthError(posts.error);
  React.useEffect(() => {
    if (failed) toast.error(POSTS_FETCH_FAILED);
  }, [failed]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {/* The site's own words, beside the posts (decision 0904). */}
      <nav aria-label="Site content" className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminPrices}>Prices</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminFaq}>FAQ</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminRoles}>Open roles</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminTestimonials}>Testimonials</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.adminStories}>Customer stories</Link>
        </Button>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusFilter current={status} />
        <Button asChild>
          <Link to={paths.adminPostNew}>New post</Link>
        </Button>
      </div>
      {posts.isPending ? (
        <ListLoading label="Loading posts" testId="posts-loading" />
      ) : failed || !posts.data ? (
        <FetchFailedCard message={POSTS_FETCH_FAILED} onRetry={() => void posts.refetch()} />
      ) : posts.data.items.length === 0 ? (
        <ListEmpty
          title={status ? `No ${contentStatusLabels[status].toLowerCase()} posts.` : "No posts yet."}
          hint={status ? "Choose All to see every post." : "Write the first one with New post."}
          testId="posts-empty"
        />
      ) : (
        <PostsTable items={posts.data.items} busy={posts.isFetching} />
      )}
    </div>
  );
}

const filters: { status: ContentStatus | null; label: string }[] = [
  { status: null, label: "All" },
  ...contentStatuses.map((status) => ({ status, label: contentStatusLabels[status] })),
];

/** All / Draft / Scheduled / Published as links: the current one is marked for sight and for screen readers. */
export function StatusFilter({ current }: { current: ContentStatus | null }) {
  return (
    <nav aria-label="Filter posts by status">
      <ul className="flex flex-wrap gap-1 rounded-lg border border-border bg-background p-1">
        {filters.map(({ status, label }) => {
          const active = status === current;
          return (
            <li key={label}>
              <Link
                to={status ? `${paths.adminContent}?status=${status}` : paths.adminContent}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active ? "bg-primary-soft text-primary-hover" : "text-muted-foreground",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A value's name where no column header gives it: before the value in a phone's card, hidden from md up. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="mr-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground md:hidden">{children}</span>;
}

/**
 * One markup, two layouts, as the lead desk's inbox: from md up a table; below it each row is a
 * card of short lines (title, status, author, when and by whom), so a phone reads every post
 * without scrolling sideways.
 */
export function PostsTable({ items, busy }: { items: readonly ContentEntrySummary[]; busy: boolean }) {
  const cell = "block min-w-0 md:table-cell md:px-3 md:py-2.5 md:align-top";
  const header = "whitespace-nowrap px-3 py-2";
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-background md:shadow-sm" aria-busy={busy}>
      <table className="block w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">Posts, most recently changed first</caption>
        <thead className="hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group">
          <tr>
            <th scope="col" className={header}>Title</th>
            <th scope="col" className={header}>Status</th>
            <th scope="col" className={header}>Author</th>
            <th scope="col" className={header}>Last change</th>
            <th scope="col" className={header}>Changed by</th>
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group">
          {items.map((post) => (
            <tr
              key={post.id}
              className="grid gap-2 rounded-xl border border-border bg-background p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:shadow-none"
              data-testid="post-row"
            >
              <td className={cn(cell, "md:w-2/5")}>
                <Link
                  to={adminPostPath(post.id)}
                  className="break-words font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {post.title}
                </Link>
                {post.slug ? <span className="block break-all text-xs text-muted-foreground">/blog/{post.publishedSlug ?? post.slug}</span> : null}
              </td>
              <td className={cell}>
                <PostStatusBadge status={post.status} publishAt={post.publishAt} />
              </td>
              <td className={cell}>
                <CellLabel>Author</CellLabel>
                <span className="break-words">{post.authorName ?? "—"}</span>
              </td>
              <td className={cn(cell, "md:whitespace-nowrap")}>
                <CellLabel>Last change</CellLabel>
                <time dateTime={post.updatedAt}>{formatDateTime(post.updatedAt)}</time>
                {/* On a phone who changed it follows the time; from md up it has its own column. */}
                {post.updatedByName ? <span className="break-words md:hidden"> by {post.updatedByName}</span> : null}
              </td>
              <td className="hidden min-w-0 md:table-cell md:px-3 md:py-2.5 md:align-top">
                <span className="break-words">{post.updatedByName ?? "—"}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
