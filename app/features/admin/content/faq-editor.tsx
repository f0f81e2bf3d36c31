import * as React from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { paths } from "@shared/site-routes";
import { adminFaqItemPath, adminFaqItemPreviewPath } from "./studio-paths";
import { openPreviewTab } from "./open-preview";
import type { ContentEntryDetail, ContentRevisionSummary } from "@shared/api/content-api";
import { faqAnswerProblems } from "@shared/content/faq-answer";
import { priceValueLabels } from "@shared/content/prices";
import { termValueLabels } from "@shared/content/term-values";
import { FAQ_QUESTION_MAX, faqDraftSchema, faqPublishSchema, STALE_SAVE_MESSAGE, type FaqDraftInput } from "@shared/schemas/content";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { EditorActionBar, EditorAlert, PublishingPanel, type EditorAlertMessage } from "./editor-parts";
import { ContentBackLink } from "./content-back-link";
import { useLeaveWarning } from "./leave-warning";
import { localDateTime, scheduleTime } from "./post-form";
import { PostHistory } from "./post-history";
import { RichTextEditor } from "./rich-text-editor";
import { FAQ_API, sendEntryWrite, useFaqItem, useRefreshSiteWords, type EntryWrite } from "./site-words-api";

const WRITE_FAILED = "Failed to save the question";
type Field = "question" | "answer" | "order" | "publishAt";
type Values = { question: string; answer: string; order: string };
const valuesOf = (draft: FaqDraftInput | null, order = 0): Values => ({ question: draft?.question ?? "", answer: draft?.answer ?? "", order: String(draft?.order ?? order) });

/** An FAQ item's editor: a new one (id null) or a saved one, loaded first. */
export function FaqItemScreen({ id }: { id: string | null }) {
  return id ? <SavedFaqItem id={id} /> : <FaqItemEditor entry={null} />;
}

function SavedFaqItem({ id }: { id: string }) {
  const item = useFaqItem(id);
  if (item.isPending) return <ListLoading label="Loading the question" testId="faq-item-loading" />;
  if (item.isError || !item.data) return isAuthError(item.error) ? null : <FetchFailedCard message={item.error instanceof ApiError ? item.error.message : WRITE_FAILED} onRetry={() => void item.refetch()} />;
  return <FaqItemEditor entry={item.data} />;
}

/**
 * One question and its answer (decision 0904), on a post's publishing model: Save draft, Preview
 * (/faq with it, staff only), Publish (one click), Unpublish, Schedule, history. The answer is rich text like a post's body; a price
 * or a term in it is a tag, so it follows the published prices and the plan's terms.
 */
export function FaqItemEditor({ entry: initial }: { entry: ContentEntryDetail<FaqDraftInput> | null }) {
  const navigate = useNavigate();
  const [entry, setEntry] = React.useState(initial);
  const [values, setValues] = React.useState<Values>(() => valuesOf(initial?.draft ?? null, 990));
  const [saved, setSaved] = React.useState<Values>(values);
  const [errors, setErrors] = React.useState<Partial<Record<Field, string>>>({});
  const [publishAt, setPublishAt] = React.useState(initial?.publishAt ? localDateTime(initial.publishAt) : "");
  const [alert, setAlert] = React.useState<EditorAlertMessage | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const refresh = useRefreshSiteWords();
  const dirty = values.question !== saved.question || values.answer !== saved.answer || values.order !== saved.order;
  const { allowNextNavigation } = useLeaveWarning(dirty);

  function check(publishing: boolean) {
    const result = (publishing ? faqPublishSchema : faqDraftSchema).safeParse(values);
    const next: typeof errors = {};
    if (!result.success) for (const issue of result.error.issues) next[issue.path[0] as Field] ??= issue.message;
    // The same check of the answer's tags and links as the server's.
    next.answer ??= faqAnswerProblems(values.answer) ?? undefined;
    if (!next.answer) delete next.answer;
    setErrors(next);
    const first = (["question", "answer", "order"] as const).find((f) => next[f]);
    if (first) document.getElementById(`faq-${first}`)?.focus();
    return result.success && !first ? result.data : null;
  }

  async function send(action: string, write: EntryWrite<FaqDraftInput>, done: string, then?: (id: string) => void) {
    const wasNew = entry === null;
    setBusy(action);
    setAlert(null);
    try {
      const answer = await sendEntryWrite<FaqDraftInput>(FAQ_API, { id: entry?.id ?? null, version: entry?.version ?? 0 }, write);
      setEntry(answer);
      const next = write.action === "restore" ? valuesOf(answer.draft) : values;
      setValues(next);
      setSaved(next);
      refresh(answer.id);
      toast.success(done);
      then?.(answer.id);
      if (wasNew) {
        allowNextNavigation();
        void navigate(adminFaqItemPath(answer.id), { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const placed: typeof errors = {};
        for (const [key, message] of Object.entries(error.fieldErrors)) if (["question", "answer", "order", "publishAt"].includes(key)) placed[key as Field] = message;
        setErrors(placed);
        if (error.status === 409 || Object.keys(placed).length === 0) setAlert({ message: error.message || WRITE_FAILED, stale: error.message === STALE_SAVE_MESSAGE });
      } else toast.error(WRITE_FAILED);
    } finally {
      setBusy(null);
    }
  }

  function act(action: "save" | "preview" | "publish" | "schedule") {
    const draft = check(action === "publish" || action === "schedule");
    if (!draft) return;
    if (action === "preview") {
      // Preview shows what is on screen: a question not saved as it stands is saved first.
      const open = (id: string) => openPreviewTab(adminFaqItemPreviewPath(id));
      if (entry && !dirty) open(entry.id);
      else void send("preview", { action: "save", draft }, "Draft saved", open);
      return;
    }
    if (action === "schedule") {
      const time = scheduleTime(publishAt);
      if (!time.ok) {
        setErrors({ publishAt: time.message });
        return;
      }
      void send(action, { action, draft, publishAt: time.iso }, "Question scheduled");
      return;
    }
    void send(action, { action, draft }, action === "publish" ? "Question published" : "Draft saved");
  }

  const pending = busy !== null;
  const status = entry?.status ?? "draft";
  const live = status === "published";
  return (
    <form
      noValidate
      aria-label={entry ? "Edit question" : "New question"}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) act("save");
      }}
    >
      <ContentBackLink />
      <EditorActionBar
        kind="Question"
        status={status}
        publishAt={entry?.publishAt}
        dirty={dirty}
        busy={busy}
        pending={pending}
        onPreview={() => act("preview")}
        previewSaving
        onPublish={() => act("publish")}
      />
      <EditorAlert alert={alert} testId="faq-alert" />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
          <FormField id="faq-question" label="Question" error={errors.question}>
            {(control) => (
              <Input {...control} maxLength={FAQ_QUESTION_MAX} autoComplete="off" className="font-semibold" value={values.question} onChange={(event) => setValues((v) => ({ ...v, question: event.target.value }))} />
            )}
          </FormField>
          <RichTextEditor
            id="faq-answer"
            label="Answer"
            value={values.answer}
            onChange={(answer) => setValues((v) => ({ ...v, answer }))}
            values={{ price: priceValueLabels, term: termValueLabels }}
            error={errors.answer}
            hint="Needed to publish. Quote a price or a term of the plan with Insert price or Insert term, never as a typed figure: the answer then follows the published prices and the plan's terms."
          />
          <FormField id="faq-order" label="Order" error={errors.order} hint="Lower comes first on the FAQ; the list's Move up and Move down set it too.">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} className="max-w-32" value={values.order} onChange={(event) => setValues((v) => ({ ...v, order: event.target.value }))} />}
          </FormField>
        </div>

        <div className="grid min-w-0 gap-6">
          <PublishingPanel
            idPrefix="faq"
            entry={entry}
            notSavedText="Not saved yet: Save draft keeps it off the site, Publish puts it on the FAQ now."
            busy={busy}
            pending={pending}
            onUnpublish={live || entry?.status === "scheduled" ? () => void send("unpublish", { action: "unpublish" }, "Question unpublished") : undefined}
            schedule={{
              fieldId: "faq-publish-at",
              error: errors.publishAt,
              input: { value: publishAt, onChange: (event) => setPublishAt(event.target.value) },
              onSchedule: () => act("schedule"),
            }}
            view={{ href: paths.faq, label: "View the FAQ" }}
          />
          {entry ? (
            <PostHistory
              postId={entry.id}
              basePath={FAQ_API}
              currentVersion={entry.version}
              dirty={dirty}
              busy={pending}
              onRestore={(revision: ContentRevisionSummary) => void send("restore", { action: "restore", revisionId: revision.id }, `Version ${revision.version} restored`)}
            />
          ) : null}
        </div>
      </div>
    </form>
  );
}
