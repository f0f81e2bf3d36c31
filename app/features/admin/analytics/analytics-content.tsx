import * as React from "react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { Card } from "~/components/ui/card";
import type { AnalyticsContentReport } from "@shared/api/analytics-api";
import type { AnalyticsContentQuery } from "@shared/schemas/analytics";
import { formatCount } from "@shared/number-format";
import { isAuthError, isRefusal } from "../api-client";
import { FetchFailedCard, ListLoading, RefusedCard } from "../list-states";
import { useAnalyticsContent } from "./analytics-api";
import { formatRange } from "./analytics-query";
import { CellLabel, bodyClass, cellClass, headClass, nameCellClass, rowClass, tableBox, tableClass } from "./analytics-table";

export const CONTENT_FETCH_FAILED = "Failed to fetch the content report";
export const CONTENT_EMPTY = "No blog posts yet";

/**
 * The report's Content view (docs/decisions/0801): per blog post, the visitors who read it, the
 * Book demo presses on it and the leads whose visitor read it first, for the range chosen above.
 */
export function ContentView({ query, onRefusedAction }: { query: AnalyticsContentQuery; onRefusedAction: () => void }) {
  const report = useAnalyticsContent(query);
  const refused = isRefusal(report.error) ? report.error : null;
  const fetchFailed = report.isError && !isAuthError(report.error) && !refused;

  React.useEffect(() => {
    if (fetchFailed) toast.error(CONTENT_FETCH_FAILED);
  }, [fetchFailed]);

  if (report.isPending) return <ListLoading label="Loading the content report" testId="analytics-loading" />;
  if (refused) {
    return <RefusedCard message={refused.message || "The server refused this report."} action="Show the last 30 days" onAction={onRefusedAction} testId="analytics-refused" />;
  }
  if (fetchFailed) return <FetchFailedCard message={CONTENT_FETCH_FAILED} onRetry={() => void report.refetch()} />;
  if (!report.data) return null;
  return <ContentTable report={report.data} busy={report.isFetching} />;
}

/** The table of posts; on a phone each post is a card with its figures named. */
export function ContentTable({ report, busy = false }: { report: AnalyticsContentReport; busy?: boolean }) {
  return (
    <section aria-labelledby="analytics-content" className="grid min-w-0 content-start gap-3" aria-busy={busy} data-testid="analytics-content">
      <h2 id="analytics-content" className="text-lg font-bold">
        Content
      </h2>
      {report.posts.length === 0 ? (
        <Card padded={false} className="grid gap-1 p-4 text-sm" data-testid="analytics-content-empty">
          <p className="font-semibold">{CONTENT_EMPTY}</p>
          <p className="text-muted-foreground">Posts published in the content studio are listed here, with what they bring.</p>
        </Card>
      ) : (
        <>
          <div className={cn(tableBox, "md:rounded-xl md:shadow-sm")}>
            <table className={tableClass}>
              <caption className="sr-only">Blog posts, {formatRange(report.range)}: visitors, Book demo clicks and leads who read the post first</caption>
              <thead className={headClass}>
                <tr>
                  <th scope="col" className="px-3 py-2">Post</th>
                  <th scope="col" className="px-3 py-2 text-right">Visitors</th>
                  <th scope="col" className="px-3 py-2 text-right">Book demo clicks</th>
                  <th scope="col" className="px-3 py-2 text-right">Leads</th>
                </tr>
              </thead>
              <tbody className={bodyClass}>
                {report.posts.map((post) => (
                  <tr key={post.path} className={rowClass} data-testid="analytics-content-row" data-path={post.path}>
                    <th scope="row" className={cn(nameCellClass, "col-span-2")}>
                      {post.title ?? post.path}
                      {/* A post no longer published is known by its path only. */}
                      <span className="block text-xs font-normal break-all text-muted-foreground">{post.title === null ? "No longer published" : post.path}</span>
                    </th>
                    <td className={cellClass}>
                      <CellLabel>Visitors</CellLabel>
                      {formatCount(post.visitors)}
                    </td>
                    <td className={cellClass}>
                      <CellLabel>Book demo clicks</CellLabel>
                      {formatCount(post.bookDemoClicks)}
                    </td>
                    <td className={cellClass}>
                      <CellLabel>Leads</CellLabel>
                      {formatCount(post.leads)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted-foreground">
            Visitors and Book demo clicks count each visitor once a UTC day, as the funnel does. Leads are those received in the range whose visitor read
            this post first in the tab they sent it from.
          </p>
        </>
      )}
    </section>
  );
}
