import * as React from "react";
import { paths } from "@shared/site-routes";
import { adminTestimonialPath, adminTestimonialPreviewPath } from "./studio-paths";
import type { ContentEntryDetail } from "@shared/api/content-api";
import {
  siteIndustries,
  siteIndustryLabels,
  testimonialDraftSchema,
  testimonialPublishSchema,
  TESTIMONIAL_COMPANY_MAX,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_QUOTE_MAX,
  TESTIMONIAL_ROLE_MAX,
  FIGURE_LABEL_MAX,
  FIGURE_VALUE_MAX,
  type SiteIndustry,
  type TestimonialDraft,
  type TestimonialDraftInput,
} from "@shared/schemas/content";
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
import { TESTIMONIALS_API, useRefreshSiteWords, useTestimonial } from "./site-words-api";

const WRITE_FAILED = "Failed to save the testimonial";
/** As the post editor says it; not imported from there, which would bring the rich-text editor along. */
const fields = ["quote", "name", "role", "company", "industry", "photo.alt", "figure.value", "figure.label", "order"] as const;
type Field = (typeof fields)[number];
type Values = {
  quote: string;
  name: string;
  role: string;
  company: string;
  industry: SiteIndustry;
  photo: CoverValue;
  figureValue: string;
  figureLabel: string;
  order: string;
};

const valuesOf = (draft: TestimonialDraft | null): Values => ({
  quote: draft?.quote ?? "",
  name: draft?.name ?? "",
  role: draft?.role ?? "",
  company: draft?.company ?? "",
  industry: draft?.industry ?? "law",
  photo: draft?.photo ?? null,
  figureValue: draft?.figure?.value ?? "",
  figureLabel: draft?.figure?.label ?? "",
  order: String(draft?.order ?? 100),
});

/** The form as the schema reads it: a figure only when either half is filled in (then both are checked). */
const draftOf = (v: Values) => ({
  quote: v.quote,
  name: v.name,
  role: v.role,
  company: v.company,
  industry: v.industry,
  photo: v.photo,
  figure: v.figureValue.trim() || v.figureLabel.trim() ? { value: v.figureValue, label: v.figureLabel } : null,
  order: v.order,
});

const idOf = (field: Field) => `testimonial-${field.replace(".", "-")}`;

/** A testimonial's editor: a new one (id null) or a saved one, loaded first. */
export function TestimonialScreen({ id }: { id: string | null }) {
  return id ? <SavedTestimonial id={id} /> : <TestimonialEditor entry={null} />;
}

function SavedTestimonial({ id }: { id: string }) {
  const item = useTestimonial(id);
  if (item.isPending) return <ListLoading label="Loading the testimonial" testId="testimonial-loading" />;
  if (item.isError || !item.data) return isAuthError(item.error) ? null : <FetchFailedCard message={item.error instanceof ApiError ? item.error.message : WRITE_FAILED} onRetry={() => void item.refetch()} />;
  return <TestimonialEditor entry={item.data} />;
}

/**
 * One testimonial (decision 0906), on the publishing model of posts: Save draft, Preview (the home
 * page with it), Publish (one click), Unpublish, Schedule, history. A seeded example says so until
 * an editor's write replaces it.
 */
export function TestimonialEditor({ entry: initial }: { entry: ContentEntryDetail<TestimonialDraft> | null }) {
  const [uploading, setUploading] = React.useState(false);
  const editor = useEntryEditor<TestimonialDraft, Values, Field, TestimonialDraftInput>({
    initial,
    valuesOf,
    api: TESTIMONIALS_API,
    fields,
    kind: "Testimonial",
    writeFailed: WRITE_FAILED,
    editorPath: adminTestimonialPath,
    previewPath: adminTestimonialPreviewPath,
    refresh: useRefreshSiteWords(),
    check(typed, liveAt) {
      const form = draftOf(typed);
      const result = testimonialDraftSchema.safeParse(form);
      // The publish rules (a quote, the photo's alt text) read the stored shape; what is sent is the editor's.
      const rules = liveAt ? testimonialPublishSchema.safeParse(form) : null;
      const problems: Partial<Record<Field, string>> = {};
      for (const issue of [...(result.error?.issues ?? []), ...(rules?.error?.issues ?? [])]) problems[issue.path.join(".") as Field] ??= issue.message;
      const first = fields.find((f) => problems[f]);
      if (first) document.getElementById(idOf(first))?.focus();
      return { draft: result.success && !first ? result.data : null, problems };
    },
  });
  const { entry, values, set, errors, alert, busy, dirty, status, act } = editor;

  const pending = busy !== null || uploading;
  return (
    <form
      noValidate
      aria-label={entry ? "Edit testimonial" : "New testimonial"}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) act("save");
      }}
    >
      <ContentBackLink />
      <EditorActionBar
        kind="Testimonial"
        previewSaving
        status={status}
        publishAt={entry?.publishAt}
        dirty={dirty}
        busy={busy}
        pending={pending}
        onPreview={() => act("preview")}
        onPublish={() => act("publish")}
      />
      {entry?.draft.example ? (
        <p className="rounded-lg border border-dashed border-amber-600 bg-amber-50 p-3 text-sm text-amber-950" data-testid="testimonial-example">
          This is a seeded example, labelled as one on the home page. Replace it with a real customer&apos;s words (with their permission) and publish, or unpublish it: a
          production start refuses published examples.
        </p>
      ) : null}
      <EditorAlert alert={alert} testId="testimonial-alert" />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
          <FormField id={idOf("quote")} label="Quote" error={errors.quote} hint="The customer's own words, without quotation marks. Needed to publish.">
            {(control) => <Textarea {...control} rows={4} maxLength={TESTIMONIAL_QUOTE_MAX} value={values.quote} onChange={(event) => set("quote", event.target.value)} />}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={idOf("name")} label="Name" error={errors.name}>
              {(control) => <Input {...control} maxLength={TESTIMONIAL_NAME_MAX} autoComplete="off" value={values.name} onChange={(event) => set("name", event.target.value)} />}
            </FormField>
            <FormField id={idOf("role")} label="Role" error={errors.role}>
              {(control) => <Input {...control} maxLength={TESTIMONIAL_ROLE_MAX} autoComplete="off" value={values.role} onChange={(event) => set("role", event.target.value)} />}
            </FormField>
            <FormField id={idOf("company")} label="Company" error={errors.company}>
              {(control) => <Input {...control} maxLength={TESTIMONIAL_COMPANY_MAX} autoComplete="off" value={values.company} onChange={(event) => set("company", event.target.value)} />}
            </FormField>
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
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">Leading figure (optional)</legend>
            <FormField id={idOf("figure.value")} label="Figure" error={errors["figure.value"]} hint="Like 2x or +32%.">
              {(control) => <Input {...control} maxLength={FIGURE_VALUE_MAX} autoComplete="off" value={values.figureValue} onChange={(event) => set("figureValue", event.target.value)} />}
            </FormField>
            <FormField id={idOf("figure.label")} label="What it counts" error={errors["figure.label"]} hint="Like consults booked after hours.">
              {(control) => <Input {...control} maxLength={FIGURE_LABEL_MAX} autoComplete="off" value={values.figureLabel} onChange={(event) => set("figureLabel", event.target.value)} />}
            </FormField>
          </fieldset>
          <CoverImageField id="testimonial-photo" label="Photo" value={values.photo} onChange={(photo) => set("photo", photo)} altError={errors["photo.alt"]} onUploadingChange={setUploading} />
          <FormField id={idOf("order")} label="Order" error={errors.order} hint="Lower comes first on the home page.">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} className="max-w-32" value={values.order} onChange={(event) => set("order", event.target.value)} />}
          </FormField>
        </div>

        <EntryPublishing
          editor={editor}
          idPrefix="testimonial"
          api={TESTIMONIALS_API}
          notSavedText="Not saved yet: Save draft keeps it off the site, Publish puts it on the home page now."
          pending={pending}
          view={{ href: paths.home, label: "View the home page" }}
        />
      </div>
    </form>
  );
}
