import * as React from "react";
import { CalendarClock, Eye, TriangleAlert } from "lucide-react";
import { cn } from "~/lib/cn";
import type { ContentStatus } from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "../format";
import { PostStatusBadge } from "./post-status";

/**
 * The parts every studio editor (post, role, story, testimonial, FAQ item, prices) shows around
 * its own fields: the action bar, the message at the top, the Publishing panel. An editor keeps its
 * state and its writes; these only show them, with the words and buttons each kind differs in.
 */

/** The message at the top: a refused write; `stale` when it was refused for a copy someone else saved first. */
export type EditorAlertMessage = { message: string; stale: boolean };

/**
 * The bar with the status and Save draft / Preview / Publish. Save draft submits the editor's form;
 * `busy` is the write that is out ("save", "preview", "publish", ...), `pending` disables every button.
 */
export function EditorActionBar({
  kind,
  status,
  publishAt,
  statusText,
  dirty,
  busy,
  pending,
  onPreview,
  previewIcon = false,
  previewSaving = false,
  onPublish,
  blur = false,
  testId,
  statusTestId,
}: {
  /** Names the group of buttons: "<kind> actions". */
  kind: string;
  status: ContentStatus;
  publishAt?: string | null;
  /** Said instead of the status badge (a role whose closing date passed). */
  statusText?: string;
  dirty: boolean;
  busy: string | null;
  pending: boolean;
  /** Without it, no Preview button. */
  onPreview?: () => void;
  previewIcon?: boolean;
  /** Preview says "Saving..." while the save it starts is out. */
  previewSaving?: boolean;
  onPublish: () => void;
  /** Blurs what scrolls under the bar (the post's long body). */
  blur?: boolean;
  testId?: string;
  statusTestId?: string;
}) {
  return (
    <div
      className={cn(
        "sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-border bg-muted/95 px-4 py-2 sm:-mx-6 sm:px-6",
        blur && "backdrop-blur-sm",
      )}
      data-testid={testId}
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid={statusTestId}>
        <span className="font-medium">Status:</span>
        {statusText ? <span className="font-medium">{statusText}</span> : <PostStatusBadge status={status} publishAt={publishAt} />}
        <span className={cn("font-medium text-amber-900", dirty ? "" : "sr-only")} aria-live="polite">
          {dirty ? "Unsaved changes" : ""}
        </span>
      </p>
      <div role="group" aria-label={`${kind} actions`} className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={pending}>
          {busy === "save" ? "Saving..." : "Save draft"}
        </Button>
        {onPreview ? (
          <Button type="button" variant="outline" disabled={pending} onClick={onPreview}>
            {previewIcon ? <Eye aria-hidden="true" /> : null}
            {previewSaving && busy === "preview" ? "Saving..." : "Preview"}
          </Button>
        ) : null}
        <Button type="button" disabled={pending} onClick={onPublish}>
          {busy === "publish" ? "Publishing..." : "Publish"}
        </Button>
      </div>
    </div>
  );
}

/**
 * The message at the top, when there is one. A stale copy offers to load the saved version
 * (`onReload`, the page's reload unless the editor loads it itself). Each new message takes the
 * focus, so a screen reader and a keyboard start from it and its button: an editor shows one only
 * when no field's message took the focus (a stale copy, or a refusal no field explains).
 */
export function EditorAlert({ alert, testId, onReload = reloadPage }: { alert: EditorAlertMessage | null; testId: string; onReload?: () => void }) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (alert) ref.current?.focus();
  }, [alert]);
  if (!alert) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={testId}
    >
      <TriangleAlert className="mt-0.5 size-4 text-amber-800" aria-hidden="true" />
      <div className="grid gap-2">
        <p className="font-semibold">{alert.message}</p>
        {alert.stale ? (
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onReload}>
            Discard mine and load the saved version
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function reloadPage() {
  window.location.reload();
}

/** The "Publish later" group: a time, and Schedule. */
export type ScheduleFields = {
  /** The group's heading; "Publish later" unless given (what a scheduled entry says). */
  label?: string;
  /** The Publish at field's id. */
  fieldId: string;
  hint?: string;
  error?: string;
  /** The datetime-local input's value and handlers (or a form library's registration). */
  input: React.ComponentProps<"input">;
  onSchedule: () => void;
  /** Without it, no Back to draft button. */
  onBackToDraft?: () => void;
};

/**
 * The Publishing panel: when the entry last changed and by whom, then (each when given) the
 * editor's own note, Unpublish, the Publish later group and a link to where the entry shows.
 * Its heading is `<idPrefix>-publishing`, the group's `<idPrefix>-schedule-label`.
 */
export function PublishingPanel({
  idPrefix,
  entry,
  notSavedText,
  savedNote = "Saved changes stay off the site until you publish them.",
  busy,
  pending,
  onUnpublish,
  schedule,
  view,
  children,
}: {
  idPrefix: string;
  entry: { updatedAt: string; updatedByName: string | null } | null;
  /** Said instead of the last change while the entry is not saved yet. */
  notSavedText?: string;
  /** Said after the last change; null for nothing. */
  savedNote?: string | null;
  busy: string | null;
  pending: boolean;
  /** Without it, no Unpublish button. */
  onUnpublish?: () => void;
  /** Null for no Publish later group. */
  schedule: ScheduleFields | null;
  /** A link (in a new tab) to where the entry shows on the site. */
  view?: { href: string; label: string } | null;
  /** Shown under the last change (the post's note and link while it is live). */
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${idPrefix}-publishing`} className="grid gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5">
      <h2 id={`${idPrefix}-publishing`} className="text-lg font-bold leading-tight">
        Publishing
      </h2>
      <p className="text-sm text-muted-foreground">
        {entry ? (
          <>
            Last change <time dateTime={entry.updatedAt}>{formatDateTime(entry.updatedAt)}</time>
            {entry.updatedByName ? ` by ${entry.updatedByName}` : ""}.{savedNote ? ` ${savedNote}` : ""}
          </>
        ) : (
          notSavedText
        )}
      </p>
      {children}
      {onUnpublish ? (
        <Button type="button" variant="outline-destructive" className="justify-self-start" disabled={pending} onClick={onUnpublish}>
          {busy === "unpublish" ? "Unpublishing..." : "Unpublish"}
        </Button>
      ) : null}
      {schedule ? (
        <div role="group" aria-labelledby={`${idPrefix}-schedule-label`} className="grid gap-3 border-t border-border pt-3">
          <p id={`${idPrefix}-schedule-label`} className="flex items-center gap-2 text-sm font-semibold">
            <CalendarClock className="size-4 text-primary" aria-hidden="true" />
            {schedule.label ?? "Publish later"}
          </p>
          <FormField id={schedule.fieldId} label="Publish at" error={schedule.error} hint={schedule.hint ?? "Your local time."}>
            {(control) => <Input {...control} type="datetime-local" {...schedule.input} />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={pending} onClick={schedule.onSchedule}>
              {busy === "schedule" ? "Scheduling..." : "Schedule"}
            </Button>
            {schedule.onBackToDraft ? (
              <Button type="button" variant="outline-destructive" disabled={pending} onClick={schedule.onBackToDraft}>
                Back to draft
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {view ? (
        <p className="text-sm">
          <a href={view.href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline-offset-2 hover:underline">
            {view.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}
