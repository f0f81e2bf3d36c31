import type { ContentEntryDetail, ContentRevisionSummary } from "@shared/api/content-api";
import { PublishingPanel } from "./editor-parts";
import type { EditorAction } from "./entry-editor";
import { PostHistory } from "./post-history";

/** What the column reads of useEntryEditor's answer. */
type EntryEditorState = {
  entry: ContentEntryDetail<unknown> | null;
  busy: string | null;
  live: boolean;
  dirty: boolean;
  errors: { publishAt?: string };
  publishAt: string;
  setPublishAt: (value: string) => void;
  act: (action: EditorAction) => void;
  unpublish: () => void;
  restore: (revision: ContentRevisionSummary) => void;
};

/**
 * The side column of an FAQ item's, a testimonial's, a story's or a role's editor: the Publishing
 * panel (Unpublish while it is live or scheduled, Publish later, where it shows) and, once saved,
 * its history with Restore.
 */
export function EntryPublishing({
  editor,
  idPrefix,
  api,
  notSavedText,
  pending,
  view,
}: {
  editor: EntryEditorState;
  idPrefix: string;
  /** Its kind's API path, for the history: /content/faq, /content/stories... */
  api: string;
  notSavedText: string;
  pending: boolean;
  view: { href: string; label: string } | null;
}) {
  const { entry } = editor;
  return (
    <div className="grid min-w-0 gap-6">
      <PublishingPanel
        idPrefix={idPrefix}
        entry={entry}
        notSavedText={notSavedText}
        busy={editor.busy}
        pending={pending}
        onUnpublish={editor.live || entry?.status === "scheduled" ? editor.unpublish : undefined}
        schedule={{
          fieldId: `${idPrefix}-publish-at`,
          error: editor.errors.publishAt,
          input: { value: editor.publishAt, onChange: (event) => editor.setPublishAt(event.target.value) },
          onSchedule: () => editor.act("schedule"),
        }}
        view={view}
      />
      {entry ? <PostHistory postId={entry.id} basePath={api} currentVersion={entry.version} dirty={editor.dirty} busy={pending} onRestore={editor.restore} /> : null}
    </div>
  );
}
