import * as React from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { STALE_SAVE_MESSAGE } from "@shared/schemas/content";
import { ApiError } from "../api-client";
import type { EditorAlertMessage } from "./editor-parts";
import { useLeaveWarning } from "./leave-warning";
import { openPreviewTab } from "./open-preview";
import { localDateTime, scheduleTime } from "./post-form";
import { sendEntryWrite, type EntryWrite } from "./site-words-api";

export type EditorAction = "save" | "preview" | "publish" | "schedule";
/** A message by each field that has one; publishAt is the Publish later group's. */
type FieldErrors<F extends string> = Partial<Record<F | "publishAt", string>>;

/** D: the entry's draft as stored; V: the form's values; F: its fields; W: the draft as it is sent. */
type Options<D, V, F extends string, W> = {
  initial: ContentEntryDetail<D> | null;
  /** The form's values for a stored draft (after a restore). */
  valuesOf: (draft: D | null) => V;
  /** A new entry's first values, when not `valuesOf(null)`. */
  start?: V;
  /** Where its writes go: /content/faq, /content/stories... */
  api: string;
  /**
   * The fields the form shows the server's messages by, besides publishAt (all when not given).
   * A refusal with none of them, or a stale one (409), shows its message at the top.
   */
  fields?: readonly F[];
  /** The word in its toasts: "Story published", "Story scheduled"... */
  kind: string;
  writeFailed: string;
  editorPath: (id: string) => string;
  previewPath: (id: string) => string;
  refresh: (id: string) => void;
  /**
   * The same checks as the server's: each problem by its field (the first one focused), and the
   * draft to send when there is none. `liveAt` is when it would go live: null for a draft, the
   * chosen time for Schedule (`scheduled` true), else now (Publish, or a Schedule whose time is
   * still to be put right, which is said after the words).
   */
  check: (values: V, liveAt: Date | null, scheduled: boolean) => { draft: W | null; problems: FieldErrors<F> };
};

/**
 * The writes of one studio entry (an FAQ item, a testimonial, a story, a role) on the publishing
 * model of posts: the form's values against what is saved, Save draft, Preview (saving first when
 * the form differs), Publish, Schedule, Unpublish and Restore, each on the version held. A refused
 * write puts each message by its field; a stale one, or one no field explains, shows at the top.
 * A new entry moves to its own address after its first write.
 */
export function useEntryEditor<D, V, F extends string = string, W = D>(options: Options<D, V, F, W>) {
  const { initial, valuesOf, kind, writeFailed } = options;
  const navigate = useNavigate();
  const [entry, setEntry] = React.useState(initial);
  const [values, setValues] = React.useState<V>(() => (initial ? valuesOf(initial.draft) : (options.start ?? valuesOf(null))));
  const [saved, setSaved] = React.useState<V>(values);
  const [errors, setErrors] = React.useState<FieldErrors<F>>({});
  const [publishAt, setPublishAt] = React.useState(initial?.publishAt ? localDateTime(initial.publishAt) : "");
  const [alert, setAlert] = React.useState<EditorAlertMessage | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const { allowNextNavigation } = useLeaveWarning(dirty);
  const places = (field: string) => field === "publishAt" || !options.fields || (options.fields as readonly string[]).includes(field);

  async function send(action: string, write: EntryWrite<W>, done: string): Promise<ContentEntryDetail<D> | null> {
    const wasNew = entry === null;
    setBusy(action);
    setAlert(null);
    try {
      const answer = await sendEntryWrite<W, D>(options.api, { id: entry?.id ?? null, version: entry?.version ?? 0 }, write);
      setEntry(answer);
      const next = write.action === "restore" ? valuesOf(answer.draft) : values;
      setValues(next);
      setSaved(next);
      options.refresh(answer.id);
      toast.success(done);
      if (wasNew) {
        allowNextNavigation();
        void navigate(options.editorPath(answer.id), { replace: true });
      }
      return answer;
    } catch (error) {
      if (error instanceof ApiError) {
        const placed: Record<string, string> = {};
        for (const [field, message] of Object.entries(error.fieldErrors)) if (places(field)) placed[field] = message;
        // Only F's fields and publishAt, kept by places().
        setErrors(placed as FieldErrors<F>);
        if (error.status === 409 || Object.keys(placed).length === 0) setAlert({ message: error.message || writeFailed, stale: error.message === STALE_SAVE_MESSAGE });
      } else toast.error(writeFailed);
      return null;
    } finally {
      setBusy(null);
    }
  }

  /** A press of Save draft, Preview, Publish or Schedule: checked here first, as the server will. */
  function act(action: EditorAction) {
    const time = action === "schedule" ? scheduleTime(publishAt) : null;
    const liveAt = time?.ok ? new Date(time.iso) : action === "publish" || action === "schedule" ? new Date() : null;
    const { draft, problems } = options.check(values, liveAt, time?.ok === true);
    setErrors(problems);
    if (!draft) return;
    if (time) {
      if (time.ok) void send(action, { action: "schedule", draft, publishAt: time.iso }, `${kind} scheduled`);
      else setErrors({ publishAt: time.message } as FieldErrors<F>);
      return;
    }
    if (action === "preview") {
      // The preview shows what is saved: the form as it stands is saved first.
      const open = (id: string) => openPreviewTab(options.previewPath(id));
      if (entry && !dirty) open(entry.id);
      else void send("preview", { action: "save", draft }, "Draft saved").then((answer) => answer && open(answer.id));
      return;
    }
    void send(action, action === "publish" ? { action, draft } : { action: "save", draft }, action === "publish" ? `${kind} published` : "Draft saved");
  }

  const status = entry?.status ?? "draft";
  return {
    entry,
    values,
    setValues,
    set: <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })),
    errors,
    alert,
    busy,
    dirty,
    publishAt,
    setPublishAt,
    status,
    live: status === "published",
    act,
    unpublish: () => void send("unpublish", { action: "unpublish" }, `${kind} unpublished`),
    restore: (revision: { id: string; version: number }) => void send("restore", { action: "restore", revisionId: revision.id }, `Version ${revision.version} restored`),
  };
}
