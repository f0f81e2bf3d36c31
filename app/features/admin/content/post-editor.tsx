import * as React from "react";
import { useNavigate } from "react-router";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink } from "lucide-react";
import { toast } from "~/lib/toast";
import { blogPostPath } from "@shared/site-routes";
import { adminPostPath, adminPostPreviewPath } from "./studio-paths";
import { openPreviewTab } from "./open-preview";
import type { AdminUser } from "@shared/api/admin-api";
import type { ContentEntryDetail, ContentRevisionSummary } from "@shared/api/content-api";
import { POST_SUMMARY_MAX, POST_TAGS_MAX, STALE_SAVE_MESSAGE, slugFromTitle } from "@shared/schemas/content";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, isAuthError } from "../api-client";
import { formatDateTime } from "../format";
import { FetchFailedCard, ListLoading } from "../list-states";
import { useAuthors } from "./authors-api";
import { CoverImageField } from "./cover-image-field";
import { ContentBackLink } from "./content-back-link";
import { EditorActionBar, EditorAlert, PublishingPanel, type EditorAlertMessage } from "./editor-parts";
import { useLeaveWarning } from "./leave-warning";
import { pickBodyImage } from "./pick-body-image";
import { postQuery, usePost, usePostWrite, type PostWrite } from "./post-api";
import {
  changedFields,
  draftOf,
  everPublished,
  formFieldOf,
  formValuesOf,
  postFormFields,
  postFormSchema,
  publishProblems,
  scheduleTime,
  slugFollowsTitle,
  slugWasEdited,
  tagsFromText,
  tagsText,
  type PostFormField,
  type PostFormValues,
} from "./post-form";
import { PostHistory } from "./post-history";
import { RichTextEditor } from "./rich-text-editor";

export const POST_FETCH_FAILED = "Failed to fetch the post";
export const WRITE_FAILED = "Failed to save the post";

/** Each field's control, to put the focus on the first one with a message. */
const fieldIds: Record<PostFormField, string> = {
  title: "post-title",
  slug: "post-slug",
  summary: "post-summary",
  body: "post-body",
  "cover.alt": "post-cover-alt",
  tags: "post-tags",
  authorUserId: "post-author",
  publishAt: "post-publish-at",
};

/** A saved post's editor: its copy from the server, then the form (a new post's needs none). */
export function PostEditorScreen({ id, admin }: { id: string | null; admin: AdminUser }) {
  if (id === null) return <PostEditor entry={null} admin={admin} />;
  return <SavedPostEditor id={id} admin={admin} />;
}

function SavedPostEditor({ id, admin }: { id: string; admin: AdminUser }) {
  const post = usePost(id);
  const notFound = post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400);
  const failed = post.isError && !isAuthError(post.error) && !notFound;
  React.useEffect(() => {
    if (failed) toast.error(POST_FETCH_FAILED);
  }, [failed]);
  if (post.isPending) return <ListLoading label="Loading the post" testId="post-loading" />;
  if (notFound) {
    return (
      <Card className="grid justify-items-start gap-3" data-testid="post-not-found">
        <p className="font-semibold">This post does not exist.</p>
        <ContentBackLink>All posts</ContentBackLink>
      </Card>
    );
  }
  if (failed || !post.data) return <FetchFailedCard message={POST_FETCH_FAILED} onRetry={() => void post.refetch()} />;
  return <PostEditor entry={post.data} admin={admin} />;
}

type Action = "save" | "preview" | "publish" | "schedule" | "unpublish" | "restore";

const doneMessages: Record<Exclude<Action, "preview" | "restore">, string> = {
  save: "Draft saved",
  publish: "Post published",
  schedule: "Post scheduled",
  unpublish: "Post unpublished",
};

/**
 * The post editor (docs/decisions/0903). The form is the editor's copy: a write sends it with the
 * version it was loaded at, and the answer (the post as the server now has it, its new version)
 * becomes the form's saved state. A refused write changes nothing on screen but the message: what
 * was typed stays, whatever the refusal (a stale copy, a taken slug, a field the server refused).
 */
export function PostEditor({ entry: initialEntry, admin }: { entry: ContentEntryDetail | null; admin: AdminUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The post as the server last answered: its id, version and status.
  const [entry, setEntry] = React.useState(initialEntry);
  const entryRef = React.useRef(entry);
  entryRef.current = entry;
  const write = usePostWrite(() => ({ id: entryRef.current?.id ?? null, version: entryRef.current?.version ?? 0 }));
  const [busy, setBusy] = React.useState<Action | null>(null);
  // The message at the top: a refused write (409) or a failure no field explains.
  const [topAlert, setTopAlert] = React.useState<EditorAlertMessage | null>(null);
  const [fileError, setFileError] = React.useState<string | undefined>(undefined);

  const initialValues = React.useMemo(() => formValuesOf(initialEntry, admin.userId), [initialEntry, admin.userId]);
  const form = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: initialValues,
    shouldFocusError: false,
  });
  const { errors, isDirty } = form.formState;
  // The form's values the server last confirmed: what a field changed since is "unsaved".
  const saved = React.useRef(initialValues);

  const [slugEdited, setSlugEdited] = React.useState(() => slugWasEdited(initialValues));
  const slugFollows = slugFollowsTitle({ slugEdited, everPublished: everPublished(entry) });
  const { allowNextNavigation } = useLeaveWarning(isDirty);

  function focusField(field: PostFormField) {
    document.getElementById(fieldIds[field])?.focus();
  }

  /** Puts each message under its field and the focus on the first. */
  function showFieldErrors(messages: Partial<Record<PostFormField, string>>) {
    const fields = postFormFields.filter((field) => messages[field]);
    for (const field of fields) form.setError(field, { type: "server", message: messages[field] });
    if (fields[0]) focusField(fields[0]);
    return fields.length > 0;
  }

  /**
   * The answer becomes the form's saved state. A field typed into while the request was out
   * (it differs from what was `sent`) keeps what was typed, and stays unsaved; without `sent`
   * (Unpublish, which sends no text) every unsaved change stays.
   */
  function takeAnswer(answer: ContentEntryDetail, sent: PostFormValues | null, { keepTyped = true } = {}) {
    const now = form.getValues();
    const next = formValuesOf(answer, admin.userId);
    // "Publish at" is not part of the post until it is scheduled: a time typed stays.
    if (!answer.publishAt) next.publishAt = now.publishAt;
    const kept = keepTyped ? changedFields(now, sent ?? saved.current) : [];
    saved.current = next;
    form.reset(next);
    for (const field of kept) form.setValue(field, now[field], { shouldDirty: true });
    setEntry(answer);
    if (!keepTyped) setSlugEdited(slugWasEdited(next));
  }

  function showRefusal(error: unknown) {
    if (!(error instanceof ApiError)) {
      toast.error(WRITE_FAILED);
      return;
    }
    const messages: Partial<Record<PostFormField, string>> = {};
    let unplaced: string | null = null;
    for (const [key, message] of Object.entries(error.fieldErrors)) {
      if (key === "file") {
        setFileError(message);
        continue;
      }
      const field = formFieldOf(key);
      if (field) messages[field] ??= message;
      else unplaced ??= message;
    }
    const placed = showFieldErrors(messages);
    if (error.status === 409 || (!placed && error.status !== 401 && error.status !== 403)) {
      setTopAlert({ message: error.message || unplaced || WRITE_FAILED, stale: error.message === STALE_SAVE_MESSAGE });
    } else if (unplaced) {
      setTopAlert({ message: unplaced, stale: false });
    }
    if (isAuthError(error)) toast.error(error.message || WRITE_FAILED);
  }

  /** Sends one write; the answer, or null when it was refused (the refusal is on screen). */
  async function send(action: Action, request: PostWrite, sent: PostFormValues | null, options?: { keepTyped?: boolean }) {
    const wasNew = entryRef.current === null;
    setBusy(action);
    setTopAlert(null);
    setFileError(undefined);
    try {
      const answer = await write.mutateAsync(request);
      takeAnswer(answer, sent, options);
      if (wasNew) {
        // The post has an address now; the form's copy is saved, so nothing is left behind.
        allowNextNavigation();
        void navigate(adminPostPath(answer.id), { replace: true });
      }
      return answer;
    } catch (error) {
      showRefusal(error);
      return null;
    } finally {
      setBusy(null);
    }
  }

  /** Save draft, Preview, Publish and Schedule: the form's own checks first, then the write. */
  function submit(action: "save" | "preview" | "publish" | "schedule") {
    return form.handleSubmit(
      async () => {
        const values = form.getValues();
        const problems = action === "publish" || action === "schedule" ? publishProblems(values) : {};
        let publishAt = "";
        if (action === "schedule") {
          const time = scheduleTime(values.publishAt);
          if (time.ok) publishAt = time.iso;
          else problems.publishAt = time.message;
        }
        if (showFieldErrors(problems)) return;
        const draft = draftOf(values);
        const request: PostWrite =
          action === "publish" ? { action, draft } : action === "schedule" ? { action, draft, publishAt } : { action: "save", draft };
        const answer = await send(action, request, values);
        if (!answer) return;
        if (action === "preview") openPreview(answer.id);
        else if (action === "schedule" && answer.publishAt) toast.success(`${doneMessages.schedule} for ${formatDateTime(answer.publishAt)}`);
        else toast.success(doneMessages[action]);
      },
      (invalid) => {
        const first = postFormFields.find((field) => (field === "cover.alt" ? invalid.cover : invalid[field]));
        if (first) focusField(first);
      },
    )();
  }

  function openPreview(id: string) {
    openPreviewTab(adminPostPreviewPath(id));
  }

  /** Preview shows what is on screen: a post not saved as it stands is saved first. */
  function preview() {
    if (entry && !isDirty) openPreview(entry.id);
    else void submit("preview");
  }

  async function unpublish() {
    const wasScheduled = entry?.status === "scheduled";
    const answer = await send("unpublish", { action: "unpublish" }, null);
    if (answer) toast.success(wasScheduled ? "Schedule cancelled: the post is a draft again" : doneMessages.unpublish);
  }

  async function restore(revision: ContentRevisionSummary) {
    const answer = await send("restore", { action: "restore", revisionId: revision.id }, null, { keepTyped: false });
    if (answer) toast.success(`Version ${revision.version} restored`);
  }

  /** After a stale save, once the person has copied what they need: the post as it is saved now. */
  async function reloadSaved() {
    if (!entry) return;
    setTopAlert(null);
    try {
      takeAnswer(await queryClient.fetchQuery({ ...postQuery(entry.id), staleTime: 0 }), null, { keepTyped: false });
    } catch (error) {
      showRefusal(error);
    }
  }

  const authors = useAuthors();
  const selectedAuthor = useWatch({ control: form.control, name: "authorUserId" });
  const authorOptions = authorChoices(authors.data ?? [], admin, entry, selectedAuthor);
  const status = entry?.status ?? "draft";
  const published = status === "published";
  const scheduled = status === "scheduled";
  const [uploading, setUploading] = React.useState(false);
  const pending = busy !== null || uploading;

  const titleField = form.register("title", {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!slugFollows) return;
      form.setValue("slug", slugFromTitle(event.target.value), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
  });
  const slugField = form.register("slug", {
    // Emptied, the slug follows the title again.
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setSlugEdited(event.target.value !== ""),
  });
  const tagsField = form.register("tags", {
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const normal = tagsText(tagsFromText(event.target.value));
      if (normal !== event.target.value) form.setValue("tags", normal, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <form
      noValidate
      aria-label={entry ? "Edit post" : "New post"}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a field saves, as the button does: not while a write or an upload is out.
        if (!pending) void submit("save");
      }}
    >
      <ContentBackLink>All posts</ContentBackLink>
      {/* The actions stay in reach while a long body is written: the bar sticks to the top. */}
      <EditorActionBar
        kind="Post"
        status={status}
        publishAt={entry?.publishAt}
        dirty={isDirty}
        busy={busy}
        pending={pending}
        onPreview={preview}
        previewIcon
        onPublish={() => void submit("publish")}
        blur
        testId="post-actions"
        statusTestId="post-status-line"
      />
      <EditorAlert alert={topAlert} testId="post-alert" onReload={() => void reloadSaved()} />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
          <FormField id="post-title" label="Title" error={errors.title?.message}>
            {(control) => <Input {...control} {...titleField} autoComplete="off" className="font-semibold" />}
          </FormField>
          <FormField
            id="post-slug"
            label="Slug"
            error={errors.slug?.message}
            hint={
              everPublished(entry)
                ? "The post's address. It was published, so it stays; if you change it, the old address redirects here."
                : slugFollows
                  ? "The post's address, filled from the title until you edit it."
                  : "The post's address."
            }
          >
            {(control) => (
              <div className="flex min-w-0 items-center">
                <span className="hidden h-10 items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground sm:inline-flex" aria-hidden="true">
                  /blog/
                </span>
                <Input {...control} {...slugField} autoComplete="off" spellCheck={false} className="min-w-0 sm:rounded-l-none" />
              </div>
            )}
          </FormField>
          <FormField id="post-summary" label="Summary" error={errors.summary?.message} hint={`Optional. Shown in the blog's lists and search results; up to ${POST_SUMMARY_MAX} characters.`}>
            {(control) => <Textarea {...control} rows={3} maxLength={POST_SUMMARY_MAX} {...form.register("summary")} />}
          </FormField>
          <Controller
            control={form.control}
            name="body"
            render={({ field, fieldState }) => (
              <RichTextEditor
                id="post-body"
                label="Body"
                value={field.value}
                onChange={field.onChange}
                onPickImage={pickBodyImage}
                error={fieldState.error?.message}
                hint="Needed to publish."
              />
            )}
          />
        </div>

        <div className="grid min-w-0 gap-6">
          <PublishingPanel
            idPrefix="post"
            entry={entry}
            notSavedText="Not saved yet: Save draft keeps it off the site, Publish puts it on the blog now."
            savedNote={null}
            busy={busy}
            pending={pending}
            onUnpublish={published ? () => void unpublish() : undefined}
            schedule={
              published
                ? null
                : {
                    label: scheduled ? "Scheduled: change the time, or take it back" : undefined,
                    fieldId: "post-publish-at",
                    hint: `Your local time (${localZoneName()}).`,
                    error: errors.publishAt?.message,
                    input: form.register("publishAt"),
                    onSchedule: () => void submit("schedule"),
                    onBackToDraft: scheduled ? () => void unpublish() : undefined,
                  }
            }
          >
            {published ? (
              <p className="text-sm text-muted-foreground">
                Saved changes stay off the site until you publish again.{" "}
                {entry?.publishedSlug ? (
                  <a
                    href={blogPostPath(entry.publishedSlug)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-2 hover:underline"
                  >
                    View on the site
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : null}
              </p>
            ) : null}
          </PublishingPanel>

          <section aria-labelledby="post-details" className="grid gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5">
            <h2 id="post-details" className="text-lg font-bold leading-tight">
              Details
            </h2>
            <Controller
              control={form.control}
              name="cover"
              render={({ field }) => (
                <CoverImageField
                  value={field.value}
                  onChange={(value) => {
                    setFileError(undefined);
                    field.onChange(value);
                  }}
                  altError={errors.cover?.alt?.message}
                  serverError={fileError}
                  onUploadingChange={setUploading}
                />
              )}
            />
            <FormField id="post-tags" label="Tags" error={errors.tags?.message} hint={`Optional. Separate tags with commas, up to ${POST_TAGS_MAX}.`}>
              {(control) => <Input {...control} {...tagsField} autoComplete="off" spellCheck={false} />}
            </FormField>
            <FormField id="post-author" label="Author" error={errors.authorUserId?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register("authorUserId")}>
                  {authorOptions.map((author) => (
                    <option key={author.id} value={author.id}>
                      {author.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </section>

          {entry ? <PostHistory postId={entry.id} currentVersion={entry.version} dirty={isDirty} busy={pending} onRestore={(revision) => void restore(revision)} /> : null}
        </div>
      </div>
    </form>
  );
}

/** The people a byline may name: the studio's, the signed-in person, and whoever the post names now. */
function authorChoices(
  authors: readonly { id: string; name: string; email: string }[],
  admin: AdminUser,
  entry: ContentEntryDetail | null,
  selected: string,
): { id: string; name: string }[] {
  const choices = authors.map((a) => ({ id: a.id, name: a.name || a.email }));
  if (!choices.some((c) => c.id === admin.userId)) choices.unshift({ id: admin.userId, name: admin.name || admin.email });
  if (selected && !choices.some((c) => c.id === selected)) choices.push({ id: selected, name: entry?.authorName ?? "A former staff member" });
  return choices;
}

/** The reader's time zone by name ("Europe/Paris"), for the Publish at hint. */
function localZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "this device's time zone";
  }
}
