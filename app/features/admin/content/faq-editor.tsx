import { paths } from "@shared/site-routes";
import { adminFaqItemPath, adminFaqItemPreviewPath } from "./studio-paths";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { faqAnswerProblems } from "@shared/content/faq-answer";
import { priceValueLabels } from "@shared/content/prices";
import { termValueLabels } from "@shared/content/term-values";
import { FAQ_QUESTION_MAX, faqDraftSchema, faqPublishSchema, type FaqDraftInput } from "@shared/schemas/content";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { EditorActionBar, EditorAlert } from "./editor-parts";
import { ContentBackLink } from "./content-back-link";
import { useEntryEditor } from "./entry-editor";
import { EntryPublishing } from "./entry-publishing";
import { RichTextEditor } from "./rich-text-editor";
import { FAQ_API, useFaqItem, useRefreshSiteWords } from "./site-words-api";

const WRITE_FAILED = "Failed to save the question";
const fields = ["question", "answer", "order"] as const;
type Field = (typeof fields)[number];
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
  const editor = useEntryEditor<FaqDraftInput, Values, Field>({
    initial,
    valuesOf,
    start: valuesOf(null, 990),
    api: FAQ_API,
    fields,
    kind: "Question",
    writeFailed: WRITE_FAILED,
    editorPath: adminFaqItemPath,
    previewPath: adminFaqItemPreviewPath,
    refresh: useRefreshSiteWords(),
    check(typed, liveAt) {
      const result = (liveAt ? faqPublishSchema : faqDraftSchema).safeParse(typed);
      const problems: Partial<Record<Field, string>> = {};
      if (!result.success) for (const issue of result.error.issues) problems[issue.path[0] as Field] ??= issue.message;
      // The same check of the answer's tags and links as the server's.
      problems.answer ??= faqAnswerProblems(typed.answer) ?? undefined;
      if (!problems.answer) delete problems.answer;
      const first = fields.find((f) => problems[f]);
      if (first) document.getElementById(`faq-${first}`)?.focus();
      return { draft: result.success && !first ? result.data : null, problems };
    },
  });
  const { entry, values, setValues, errors, alert, busy, dirty, status, act } = editor;

  const pending = busy !== null;
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

        <EntryPublishing
          editor={editor}
          idPrefix="faq"
          api={FAQ_API}
          notSavedText="Not saved yet: Save draft keeps it off the site, Publish puts it on the FAQ now."
          pending={pending}
          view={{ href: paths.faq, label: "View the FAQ" }}
        />
      </div>
    </form>
  );
}
