import * as React from "react";
import { Plus, Trash2 } from "lucide-react";
import { storyPath } from "@shared/site-routes";
import { adminStoryPath, adminStoryPreviewPath } from "./studio-paths";
import type { ContentEntryDetail } from "@shared/api/content-api";
import {
  siteIndustries,
  siteIndustryLabels,
  storyDraftSchema,
  storyPublishSchema,
  STORY_PROBLEM_MAX,
  STORY_RESULTS_MAX,
  STORY_TITLE_MAX,
  TESTIMONIAL_COMPANY_MAX,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_QUOTE_MAX,
  TESTIMONIAL_ROLE_MAX,
  FIGURE_LABEL_MAX,
  FIGURE_VALUE_MAX,
  type SiteIndustry,
  type StoryDraft,
  type StoryDraftInput,
} from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { CoverImageField, type CoverValue } from "./cover-image-field";
import { EditorActionBar, EditorAlert } from "./editor-parts";
import { ContentBackLink } from "./content-back-link";
import { useEntryEditor } from "./entry-editor";
import { EntryPublishing } from "./entry-publishing";
import { RichTextEditor } from "./rich-text-editor";
import { STORIES_API, useRefreshSiteWords, useStory } from "./site-words-api";

const WRITE_FAILED = "Failed to save the story";
/** As the post editor says it; not imported from there, which would bring its whole module along. */
type Values = {
  title: string;
  company: string;
  industry: SiteIndustry;
  logo: CoverValue;
  problem: string;
  solution: string;
  results: { value: string; label: string }[];
  quote: { text: string; person: string; role: string };
};

const valuesOf = (draft: StoryDraft | null): Values => ({
  title: draft?.title ?? "",
  company: draft?.company ?? "",
  industry: draft?.industry ?? "law",
  logo: draft?.logo ?? null,
  problem: draft?.problem ?? "",
  solution: draft?.solution ?? "",
  results: draft?.results.length ? draft.results : [{ value: "", label: "" }],
  quote: draft?.quote ?? { text: "", person: "", role: "" },
});

/** The form as the schema reads it: empty result rows are left out. */
const draftOf = (v: Values) => ({ ...v, results: v.results.filter((r) => r.value.trim() || r.label.trim()) });

/** Where a field's message is shown: its input's id. */
const idOf = (path: string) => `story-${path.replaceAll(".", "-")}`;

/** A customer story's editor: a new one (id null) or a saved one, loaded first. */
export function StoryScreen({ id }: { id: string | null }) {
  return id ? <SavedStory id={id} /> : <StoryEditor entry={null} />;
}

function SavedStory({ id }: { id: string }) {
  const item = useStory(id);
  if (item.isPending) return <ListLoading label="Loading the story" testId="story-loading" />;
  if (item.isError || !item.data) return isAuthError(item.error) ? null : <FetchFailedCard message={item.error instanceof ApiError ? item.error.message : WRITE_FAILED} onRetry={() => void item.refetch()} />;
  return <StoryEditor entry={item.data} />;
}

/**
 * One customer story (decision 0906), on the publishing model of posts: Save draft, Preview (its
 * page with the saved draft), Publish (one click), Unpublish, Schedule, history.
 */
export function StoryEditor({ entry: initial }: { entry: ContentEntryDetail<StoryDraft> | null }) {
  const [uploading, setUploading] = React.useState(false);
  const editor = useEntryEditor<StoryDraft, Values, string, StoryDraftInput>({
    initial,
    valuesOf,
    api: STORIES_API,
    kind: "Story",
    writeFailed: WRITE_FAILED,
    editorPath: adminStoryPath,
    previewPath: adminStoryPreviewPath,
    refresh: useRefreshSiteWords(),
    check(typed, liveAt) {
      const form = draftOf(typed);
      const result = storyDraftSchema.safeParse(form);
      // The publish rules read the stored shape; what is sent is the editor's.
      const rules = liveAt ? storyPublishSchema.safeParse(form) : null;
      const problems: Record<string, string> = {};
      for (const issue of [...(result.error?.issues ?? []), ...(rules?.error?.issues ?? [])]) problems[issue.path.join(".")] ??= issue.message;
      const first = Object.keys(problems)[0];
      if (first) document.getElementById(idOf(first === "results" ? "results.0.value" : first))?.focus();
      return { draft: result.success && !first ? result.data : null, problems };
    },
  });
  const { entry, values, setValues, set, errors, alert, busy, dirty, status, live, act } = editor;
  const setResult = (index: number, part: "value" | "label", text: string) =>
    setValues((v) => ({ ...v, results: v.results.map((r, i) => (i === index ? { ...r, [part]: text } : r)) }));

  const pending = busy !== null || uploading;
  const text = (path: string, label: string, max: number, value: string, onChange: (v: string) => void, hint?: string) => (
    <FormField id={idOf(path)} label={label} error={errors[path]} hint={hint}>
      {(control) => <Input {...control} maxLength={max} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
  return (
    <form
      noValidate
      aria-label={entry ? "Edit customer story" : "New customer story"}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) act("save");
      }}
    >
      <ContentBackLink />
      <EditorActionBar
        kind="Story"
        previewSaving
        status={status}
        publishAt={entry?.publishAt}
        dirty={dirty}
        busy={busy}
        pending={pending}
        onPreview={() => act("preview")}
        onPublish={() => act("publish")}
      />
      <EditorAlert alert={alert} testId="story-alert" />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
          {text("title", "Headline", STORY_TITLE_MAX, values.title, (v) => set("title", v), "The story's title on its page and in lists.")}
          <div className="grid gap-5 sm:grid-cols-2">
            {text("company", "Company", TESTIMONIAL_COMPANY_MAX, values.company, (v) => set("company", v), "Its address is made from this when first saved.")}
            <FormField id={idOf("industry")} label="Industry" error={errors.industry}>
              {(control) => (
                <NativeSelect {...control} value={values.industry} onChange={(event) => set("industry", event.target.value as SiteIndustry)}>
                  {siteIndustries.map((industry) => (
                    <option key={industry} value={industry}>
                      {siteIndustryLabels[industry]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <CoverImageField id="story-logo" label="Logo" value={values.logo} onChange={(logo) => set("logo", logo)} altError={errors["logo.alt"]} onUploadingChange={setUploading} />
          <FormField id={idOf("problem")} label="The problem" error={errors.problem} hint="Plain text; a blank line starts a paragraph. Needed to publish.">
            {(control) => <Textarea {...control} rows={5} maxLength={STORY_PROBLEM_MAX} value={values.problem} onChange={(event) => set("problem", event.target.value)} />}
          </FormField>
          <RichTextEditor id={idOf("solution")} label="What the agent does" value={values.solution} onChange={(solution) => set("solution", solution)} error={errors.solution} hint="Needed to publish." />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Results</legend>
            {errors.results ? <p className="text-sm font-medium text-destructive">{errors.results}</p> : null}
            {values.results.map((result, index) => (
              <div key={index} className="grid items-end gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto]">
                {text(`results.${index}.value`, `Result ${index + 1} figure`, FIGURE_VALUE_MAX, result.value, (v) => setResult(index, "value", v))}
                {text(`results.${index}.label`, `Result ${index + 1} label`, FIGURE_LABEL_MAX, result.label, (v) => setResult(index, "label", v))}
                <Button type="button" variant="outline" size="sm" aria-label={`Remove result ${index + 1}`} onClick={() => set("results", values.results.filter((_, i) => i !== index))}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {values.results.length < STORY_RESULTS_MAX ? (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => set("results", [...values.results, { value: "", label: "" }])}>
                <Plus aria-hidden="true" />
                Add a result
              </Button>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Quote</legend>
            <FormField id={idOf("quote.text")} label="Quote" error={errors["quote.text"]} hint="Their own words, without quotation marks.">
              {(control) => <Textarea {...control} rows={3} maxLength={TESTIMONIAL_QUOTE_MAX} value={values.quote.text} onChange={(event) => set("quote", { ...values.quote, text: event.target.value })} />}
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              {text("quote.person", "Person", TESTIMONIAL_NAME_MAX, values.quote.person, (v) => set("quote", { ...values.quote, person: v }))}
              {text("quote.role", "Their role", TESTIMONIAL_ROLE_MAX, values.quote.role, (v) => set("quote", { ...values.quote, role: v }))}
            </div>
          </fieldset>
          <p className="text-sm text-muted-foreground">The page ends with Book demo, as every story does.</p>
        </div>

        <EntryPublishing
          editor={editor}
          idPrefix="story"
          api={STORIES_API}
          notSavedText="Not saved yet: Save draft keeps it off the site, Publish puts it on /customers and its industry's page now."
          pending={pending}
          view={live && entry?.publishedSlug ? { href: storyPath(entry.publishedSlug), label: "View the story" } : null}
        />
      </div>
    </form>
  );
}
