import * as React from "react";
import { toast } from "~/lib/toast";
import { adminPricesPreviewPath } from "./studio-paths";
import type { ContentEntryDetail, ContentRevisionSummary } from "@shared/api/content-api";
import type { PricesResponse } from "@shared/api/content-words-api";
import { priceFigures, type Prices } from "@shared/content/prices";
import { formatUsd } from "@shared/number-format";
import { pricesDraftSchema, STALE_SAVE_MESSAGE, type PricesDraft } from "@shared/schemas/content";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { EditorActionBar, EditorAlert, PublishingPanel, type EditorAlertMessage } from "./editor-parts";
import { localDateTime, scheduleTime } from "./post-form";
import { PostHistory } from "./post-history";
import { priceMoves } from "./price-moves";
import { PRICES_API, sendEntryWrite, useRefreshSiteWords, usePrices, type EntryWrite } from "./site-words-api";

export const PRICES_FETCH_FAILED = "Failed to fetch the prices";
const WRITE_FAILED = "Failed to save the prices";

type Field = keyof PricesDraft;
type Values = Record<Field, string>;
const fields: { name: Field; label: string; hint: string }[] = [
  { name: "monthly", label: "Monthly price", hint: "Whole dollars a month: 849 means $849." },
  { name: "annualYearly", label: "Annual plan, billed per year", hint: "Whole dollars a year. The annual price per month is this divided by 12, rounded." },
  { name: "annualSavings", label: "Annual plan saves", hint: 'Whole dollars, as the badge says ("Save $901"). The percentage is worked out from it and the yearly bill.' },
];

const valuesOf = (draft: PricesDraft): Values => ({ monthly: String(draft.monthly), annualYearly: String(draft.annualYearly), annualSavings: String(draft.annualSavings) });

/** The Prices page: loads the one entry, then its editor. */
export function PricesScreen() {
  const prices = usePrices();
  if (prices.isPending) return <ListLoading label="Loading the prices" testId="prices-loading" />;
  if (prices.isError || !prices.data) {
    if (prices.error instanceof ApiError && prices.error.status === 404) return <FetchFailedCard message={prices.error.message} onRetry={() => void prices.refetch()} />;
    return isAuthError(prices.error) ? null : <FetchFailedCard message={PRICES_FETCH_FAILED} onRetry={() => void prices.refetch()} />;
  }
  return <PricesEditor data={prices.data} />;
}

/**
 * The prices' editor (decision 0904): three whole-dollar figures, what the annual plan derives
 * from them, and, before anything is published, every figure on the site the change moves. The
 * publishing model is a post's: Save draft, Preview, Publish (one click), Schedule, history.
 */
export function PricesEditor({ data }: { data: PricesResponse }) {
  const [entry, setEntry] = React.useState<ContentEntryDetail<PricesDraft>>(data.entry);
  const [values, setValues] = React.useState<Values>(() => valuesOf(data.entry.draft));
  const [saved, setSaved] = React.useState<Values>(() => valuesOf(data.entry.draft));
  const [errors, setErrors] = React.useState<Partial<Record<Field | "publishAt", string>>>({});
  const [publishAt, setPublishAt] = React.useState(entry.publishAt ? localDateTime(entry.publishAt) : "");
  const [alert, setAlert] = React.useState<EditorAlertMessage | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const refresh = useRefreshSiteWords();
  const dirty = fields.some((f) => values[f.name] !== saved[f.name]);

  const parsed = pricesDraftSchema.safeParse(values);
  const live: Prices = data.live ?? data.entry.draft;
  const shown = parsed.success ? parsed.data : null;
  const figures = shown ? priceFigures(shown) : null;
  // A few string joins and a parse of the few answers quoting a price: cheap on every keystroke.
  const moves = shown ? priceMoves(live, shown, data.quotingAnswers) : [];

  function check(): PricesDraft | null {
    const result = pricesDraftSchema.safeParse(values);
    if (result.success) return result.data;
    const next: typeof errors = {};
    for (const issue of result.error.issues) next[issue.path[0] as Field] ??= issue.message;
    setErrors(next);
    const first = fields.find((f) => next[f.name]);
    if (first) document.getElementById(`prices-${first.name}`)?.focus();
    return null;
  }

  async function send(action: string, write: EntryWrite<PricesDraft>, done: string) {
    setBusy(action);
    setAlert(null);
    try {
      const answer = await sendEntryWrite<PricesDraft>(PRICES_API, { id: entry.id, version: entry.version }, write);
      setEntry(answer);
      if (write.action === "restore") setValues(valuesOf(answer.draft));
      setSaved(write.action === "restore" ? valuesOf(answer.draft) : values);
      refresh(answer.id);
      toast.success(done);
      return answer;
    } catch (error) {
      // What was typed stays, whatever the refusal.
      if (error instanceof ApiError) {
        const placed: typeof errors = {};
        for (const [key, message] of Object.entries(error.fieldErrors)) if (fields.some((f) => f.name === key) || key === "publishAt") placed[key as Field] = message;
        setErrors(placed);
        if (error.status === 409 || Object.keys(placed).length === 0) setAlert({ message: error.message || WRITE_FAILED, stale: error.message === STALE_SAVE_MESSAGE });
      } else toast.error(WRITE_FAILED);
      return null;
    } finally {
      setBusy(null);
    }
  }

  function act(action: "save" | "publish" | "schedule") {
    setErrors({});
    const draft = check();
    if (!draft) return;
    if (action === "schedule") {
      const time = scheduleTime(publishAt);
      if (!time.ok) {
        setErrors({ publishAt: time.message });
        document.getElementById("prices-publish-at")?.focus();
        return;
      }
      void send(action, { action, draft, publishAt: time.iso }, "Prices scheduled");
      return;
    }
    void send(action, { action, draft }, action === "publish" ? "Prices published" : "Draft saved");
  }

  function preview(page: "pricing" | "compare" | "faq") {
    const draft = check();
    if (!draft) return;
    const tab = window.open(adminPricesPreviewPath(page, draft), "_blank");
    if (tab) tab.opener = null;
  }

  async function reloadSaved() {
    setAlert(null);
    window.location.reload();
  }

  const pending = busy !== null;
  return (
    <form
      noValidate
      aria-label="Prices"
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) act("save");
      }}
    >
      <ContentBackLink />
      <EditorActionBar
        kind="Prices"
        status={entry.status}
        publishAt={entry.publishAt}
        dirty={dirty}
        busy={busy}
        pending={pending}
        onPreview={() => preview("pricing")}
        previewIcon
        onPublish={() => act("publish")}
      />
      <EditorAlert alert={alert} testId="prices-alert" onReload={() => void reloadSaved()} />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="prices-figures" className="grid gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
            <h2 id="prices-figures" className="text-lg font-bold leading-tight">
              The plan's prices
            </h2>
            {fields.map((field) => (
              <FormField key={field.name} id={`prices-${field.name}`} label={field.label} error={errors[field.name]} hint={field.hint}>
                {(control) => (
                  <div className="flex items-center">
                    <span className="inline-flex h-10 items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground" aria-hidden="true">
                      $
                    </span>
                    <Input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      className="max-w-40 rounded-l-none"
                      value={values[field.name]}
                      onChange={(event) => setValues((now) => ({ ...now, [field.name]: event.target.value }))}
                    />
                  </div>
                )}
              </FormField>
            ))}
            <div className="grid gap-2 rounded-lg bg-muted p-3 text-sm" data-testid="prices-derived">
              <p className="font-semibold">What the annual plan shows</p>
              {figures ? (
                <p>
                  {formatUsd(figures.annualPerMonth)} a month, billed {formatUsd(figures.annualYearly)} a year, "Save {formatUsd(figures.annualSavings)} ({figures.savingsPercentLabel})".
                </p>
              ) : (
                <p>Correct the figures above to see it.</p>
              )}
              <p className="text-muted-foreground">
                Changing the monthly price alone leaves the annual plan as it is: its yearly bill and its saving are figures of their own, so edit them too if
                they should follow. The annual price per month (the yearly bill divided by 12) and the percentage (the saving over the yearly bill plus the
                saving) are worked out from them. The compare page's costs, its calculator and its return on the fee follow the monthly price.
              </p>
            </div>
          </section>

          <section aria-labelledby="prices-moves" className="grid gap-3 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
            <h2 id="prices-moves" className="text-lg font-bold leading-tight">
              What publishing changes on the site
            </h2>
            {moves.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing: these are the prices the site shows now.</p>
            ) : (
              <ul className="grid gap-2 text-sm" data-testid="price-moves">
                {moves.map((move) => (
                  <li key={`${move.page} ${move.figure}`} className="grid gap-1 rounded-lg border border-border p-3" data-testid="price-move">
                    <p className="font-semibold">
                      {move.page}: {move.figure}
                    </p>
                    <p className="text-muted-foreground">
                      <span className="sr-only">Now: </span>
                      <del>{move.before}</del>
                    </p>
                    <p>
                      <span className="sr-only">After publishing: </span>
                      <ins className="no-underline">{move.after}</ins>
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => preview("compare")}>
                Preview the compare page
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => preview("faq")}>
                Preview the FAQ
              </Button>
            </div>
          </section>
        </div>

        <div className="grid min-w-0 gap-6">
          <PublishingPanel
            idPrefix="prices"
            entry={entry}
            busy={busy}
            pending={pending}
            schedule={{
              label: entry.status === "scheduled" ? "Scheduled: the prices shown now stay until then" : undefined,
              fieldId: "prices-publish-at",
              error: errors.publishAt,
              input: { value: publishAt, onChange: (event) => setPublishAt(event.target.value) },
              onSchedule: () => act("schedule"),
            }}
          />
          <PostHistory
            postId={entry.id}
            basePath={PRICES_API}
            currentVersion={entry.version}
            dirty={dirty}
            busy={pending}
            onRestore={(revision: ContentRevisionSummary) => void send("restore", { action: "restore", revisionId: revision.id }, `Version ${revision.version} restored`)}
          />
        </div>
      </div>
    </form>
  );
}
