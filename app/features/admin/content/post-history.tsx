import * as React from "react";
import type { ContentRevisionSummary } from "@shared/api/content-api";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "../format";
import { useRevisions } from "./post-api";

export const revisionActionLabels: Record<ContentRevisionSummary["action"], string> = {
  create: "Created",
  save: "Saved",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  restore: "Restored",
  "scheduled-publish": "Published on schedule",
  close: "Closed",
};

/** Who a write without a person was by: the seed, a scheduled publish, or a role's closing date. */
const systemActors: Partial<Record<ContentRevisionSummary["action"], string>> = {
  create: "From the site's former content",
  close: "Its closing date passed",
};

export const RESTORE_OVER_CHANGES = "Restoring replaces what you have not saved.";

/**
 * A post's history (docs/decisions/0903): every write, newest first, with who and when; Restore
 * makes a former one's text the current draft, as a new write (so it can be undone too). While the
 * editor holds unsaved changes Restore asks first, since the editor then shows the restored text.
 */
export function PostHistory({
  postId,
  currentVersion,
  dirty,
  busy,
  onRestore,
  basePath,
}: {
  postId: string;
  /** The entry's kind's API path ("/content/prices"); posts by default. */
  basePath?: string;
  currentVersion: number;
  dirty: boolean;
  busy: boolean;
  onRestore: (revision: ContentRevisionSummary) => void;
}) {
  const revisions = useRevisions(postId, basePath);
  const [confirming, setConfirming] = React.useState<string | null>(null);

  return (
    <section aria-labelledby="post-history" className="grid min-w-0 gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5">
      <h2 id="post-history" className="text-lg font-bold leading-tight">
        History
      </h2>
      {revisions.isPending ? (
        <Spinner label="Loading the history" className="justify-self-center" />
      ) : revisions.isError ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          The history could not be loaded.
          <Button type="button" variant="outline" size="sm" onClick={() => void revisions.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <ol className="grid gap-2" data-testid="post-revisions">
          {revisions.data.map((revision) => {
            const current = revision.version === currentVersion;
            const label = `Restore version ${revision.version}`;
            return (
              <li key={revision.id} className="grid gap-2 rounded-lg border border-border p-3 text-sm" data-testid="post-revision">
                <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {revisionActionLabels[revision.action] ?? revision.action}
                      <span className="font-normal text-muted-foreground"> · version {revision.version}</span>
                    </p>
                    <p className="break-words">{revision.title}</p>
                    <p className="break-words text-muted-foreground">
                      {revision.byName ?? systemActors[revision.action] ?? "Scheduled publish"}, <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                    </p>
                  </div>
                  {current ? (
                    <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Current</span>
                  ) : confirming !== revision.id ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={label}
                      disabled={busy}
                      onClick={() => (dirty ? setConfirming(revision.id) : onRestore(revision))}
                    >
                      Restore
                    </Button>
                  ) : null}
                </div>
                {confirming === revision.id && !current ? (
                  <div role="group" aria-label={label} className="grid gap-2 rounded-md bg-amber-50 p-2 text-amber-950">
                    <p>{RESTORE_OVER_CHANGES}</p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        size="sm"
                        disabled={busy}
                        onClick={() => {
                          setConfirming(null);
                          onRestore(revision);
                        }}
                      >
                        Restore anyway
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        Keep editing
                      </Button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
