import * as React from "react";
import { Link, useSearchParams } from "react-router";
import { Download, SlidersHorizontal } from "lucide-react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { adminLeadPath } from "@shared/site-routes";
import { BOOKINGS_DATE_MAX, BOOKINGS_DATE_MIN } from "@shared/schemas/admin";
import { leadSourceLabels, leadSources, leadStatusLabels, leadStatuses, type LeadFilters } from "@shared/schemas/lead-desk";
import { fitFilterLabels, fitFilterValues } from "@shared/schemas/lead-fit";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { ApiError, isAuthError } from "../api-client";
import { isRefusal } from "../api-client";
import { CursorPager } from "../cursor-pager";
import { FetchFailedCard, ListEmpty, ListLoading, RefusedCard } from "../list-states";
import { LeadRoutingPanel } from "./lead-routing-panel";
import { FitBadges, LeadStatusBadge, OverdueBadge } from "./lead-badges";
import { EmailAddress } from "../../../components/email-address";
import { formatDateTime } from "../format";
import { leadWait, targetText, useNow } from "./lead-wait";
import { downloadLeadsCsv, useLeads, type LeadSummary } from "./leads-api";
import { draftFromSearchParams, filtersFromSearchParams, parseDraft, searchParamsFromFilters, type FilterDraft } from "./leads-filters";
import { useRoles } from "../staff-directory";

export const LEADS_FETCH_FAILED = "Failed to fetch leads";

const filterFields = ["q", "source", "status", "owner", "fit", "from", "to", "bookedFrom", "overdue", "notBooked"];

/** The server's messages for the filter fields, to show beside them. */
function filterFieldErrors(error: ApiError): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => filterFields.includes(field)));
}

/**
 * The lead desk's inbox (docs/decisions/0701): every lead, newest first. The filters live in the
 * URL, so a dashboard card or a bookmark opens the inbox filtered; the search text lives in this
 * component's state only (a name or an e-mail never goes into a URL) and reaches the server in
 * the POST body.
 */
/** `canExport`: the export is an admin's (a moderator works leads one by one: docs/decisions/0204). */
export function LeadsView({ canExport = true }: { canExport?: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the params object changes identity on every render; its text is the key.
  const fromUrl = React.useMemo(() => filtersFromSearchParams(searchParams), [urlKey]);
  const [q, setQ] = React.useState("");
  const filters: LeadFilters = React.useMemo(() => (q ? { ...fromUrl.filters, q } : fromUrl.filters), [fromUrl, q]);
  const filterKey = JSON.stringify(filters);

  // The form's fields follow the URL when it changes (a link, Back): the search text stays.
  const [draft, setDraft] = React.useState<FilterDraft>(() => draftFromSearchParams(searchParams));
  const [draftKey, setDraftKey] = React.useState(urlKey);
  if (draftKey !== urlKey) {
    setDraftKey(urlKey);
    setDraft((d) => draftFromSearchParams(searchParams, d.q));
  }
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  // Keyset pagination: the cursors of the pages visited under these filters (null = first page).
  const [paging, setPaging] = React.useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const setCursors = (next: (string | null)[]) => setPaging({ key: filterKey, cursors: next });

  const [exporting, setExporting] = React.useState(false);
  const leads = useLeads(filters, cursors.at(-1) ?? null);
  const refused = isRefusal(leads.error) ? leads.error : null;
  const refusedFields = refused ? filterFieldErrors(refused) : {};
  const fetchFailed = leads.isError && !isAuthError(leads.error) && !refused;
  // The URL's bad values, then the server's refusal, then this form's own check, which speaks last.
  const fieldErrors = { ...fromUrl.errors, ...refusedFields, ...errors };

  React.useEffect(() => {
    if (fetchFailed) toast.error(LEADS_FETCH_FAILED);
  }, [fetchFailed]);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setQ(parsed.filters.q ?? "");
    setSearchParams(searchParamsFromFilters(parsed.filters));
  }

  function clear() {
    setDraft({ ...draftFromSearchParams(new URLSearchParams()) });
    setErrors({});
    setQ("");
    setSearchParams(new URLSearchParams());
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadLeadsCsv(filters);
      toast.success("Export downloaded");
    } catch (error) {
      if (isRefusal(error)) setErrors(filterFieldErrors(error));
      toast.error(error instanceof ApiError && error.message ? error.message : "Failed to export leads");
    } finally {
      setExporting(false);
    }
  }

  const filtered = Object.keys(filters).length > 0;
  const page = leads.data;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <LeadRoutingPanel />
      <LeadFiltersForm
        draft={draft}
        onChange={setDraft}
        errors={fieldErrors}
        activeCount={Object.keys(fromUrl.filters).length}
        onApply={apply}
        onClear={clear}
        onExport={canExport ? () => void exportCsv() : undefined}
        exporting={exporting}
      />

      {leads.isPending ? (
        <ListLoading label="Loading leads" testId="leads-loading" />
      ) : refused ? (
        <RefusedCard
          message={Object.keys(refusedFields).length > 0 ? "No leads shown: correct the filters above." : refused.message}
          action={cursors.length > 1 ? "Back to the first page" : "Clear filters"}
          onAction={cursors.length > 1 ? () => setCursors([null]) : clear}
          testId="leads-refused"
        />
      ) : fetchFailed ? (
        <FetchFailedCard message={LEADS_FETCH_FAILED} onRetry={() => void leads.refetch()} />
      ) : page && page.items.length === 0 ? (
        <ListEmpty
          title={filtered ? "No leads match these filters." : "No leads yet."}
          hint={filtered ? "Change or clear the filters to see more." : "Leads from the booking, enterprise and contact forms will appear here."}
          testId="leads-empty"
        />
      ) : page ? (
        <>
          <p className="text-sm text-muted-foreground">
            Newest first. First-contact target: {targetText(page.firstContactTargetMinutes)}; leads still New after it are marked
            Overdue.
          </p>
          <LeadsTable items={page.items} busy={leads.isFetching} targetMinutes={page.firstContactTargetMinutes} />
          <CursorPager
            label="Leads pages"
            cursors={cursors}
            onCursorsChange={setCursors}
            nextCursor={page.nextCursor}
            waiting={leads.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * The filters. On a phone only the search shows until "More filters" opens the rest, so the list is in
 * view; from md up every field shows.
 */
export function LeadFiltersForm({
  draft,
  onChange,
  errors,
  activeCount,
  onApply,
  onClear,
  onExport,
  exporting,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  errors: Record<string, string>;
  activeCount: number;
  onApply: (event: React.FormEvent) => void;
  onClear: () => void;
  onExport: (() => void) | undefined;
  exporting: boolean;
}) {
  // The staff list is an admin's; a moderator filters by Anyone or Unassigned (docs/decisions/0204).
  const roles = useRoles({ enabled: onExport !== undefined });
  // Everyone who may own a lead, once each (an account can hold both roles).
  const admins = [...new Map((roles.data ?? []).filter((r) => r.role === "admin" || r.role === "moderator").map((r) => [r.userId, r])).values()];
  // An owner named by the URL stays choosable before (or without) the staff list.
  const ownerKnown = draft.owner === "" || draft.owner === "none" || admins.some((a) => a.userId === draft.owner);
  const [open, setOpen] = React.useState(false);
  // A field with a message must be in view, whatever the toggle says.
  const moreHasError = ["source", "status", "owner", "fit", "from", "to", "bookedFrom"].some((f) => errors[f]);
  const showMore = open || moreHasError;
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => onChange({ ...draft, [key]: value });

  return (
    <Card padded={false} className="p-4 sm:p-5">
      <form onSubmit={onApply} noValidate aria-label="Filter leads" className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_1fr] md:items-start">
          <FormField id="leads-q" label="Search" error={errors.q} hint="Name, email or company (never put in the page address)">
            {(control) => <Input {...control} type="search" autoComplete="off" value={draft.q} onChange={(e) => set("q", e.target.value)} />}
          </FormField>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start md:hidden"
            aria-expanded={showMore}
            aria-controls="leads-more-filters"
            onClick={() => setOpen(!open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            {activeCount > 0 ? `More filters (${activeCount} on)` : "More filters"}
          </Button>
          <div id="leads-more-filters" className={cn("gap-4 md:col-span-3 md:grid md:grid-cols-3", showMore ? "grid" : "hidden")}>
            <FormField id="leads-source" label="Source" error={errors.source}>
              {(control) => (
                <NativeSelect {...control} value={draft.source} onChange={(e) => set("source", e.target.value)}>
                  <option value="">All sources</option>
                  {leadSources.map((s) => (
                    <option key={s} value={s}>
                      {leadSourceLabels[s]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="leads-status" label="Status" error={errors.status}>
              {(control) => (
                <NativeSelect {...control} value={draft.status} onChange={(e) => set("status", e.target.value)}>
                  <option value="">Any status</option>
                  {leadStatuses.map((s) => (
                    <option key={s} value={s}>
                      {leadStatusLabels[s]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="leads-owner" label="Owner" error={errors.owner}>
              {(control) => (
                <NativeSelect {...control} value={draft.owner} onChange={(e) => set("owner", e.target.value)}>
                  <option value="">Anyone</option>
                  <option value="none">Unassigned</option>
                  {admins.map((a) => (
                    <option key={a.userId} value={a.userId}>
                      {a.email ?? `Staff member ${a.userId.slice(0, 8)}`}
                    </option>
                  ))}
                  {ownerKnown ? null : <option value={draft.owner}>Staff member {draft.owner.slice(0, 8)}</option>}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="leads-fit" label="Fit" error={errors.fit}>
              {(control) => (
                <NativeSelect {...control} value={draft.fit} onChange={(e) => set("fit", e.target.value)}>
                  <option value="">Any fit</option>
                  {fitFilterValues.map((f) => (
                    <option key={f} value={f}>
                      {fitFilterLabels[f]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            {/* The pickers offer only the days the server accepts (docs/decisions/0203). */}
            <FormField id="leads-from" label="Received from" error={errors.from}>
              {(control) => (
                <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.from} onChange={(e) => set("from", e.target.value)} />
              )}
            </FormField>
            <FormField id="leads-to" label="Received to" error={errors.to}>
              {(control) => (
                <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.to} onChange={(e) => set("to", e.target.value)} />
              )}
            </FormField>
            <FormField id="leads-booked-from" label="Meeting booked since" error={errors.bookedFrom}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={BOOKINGS_DATE_MIN}
                  max={BOOKINGS_DATE_MAX}
                  value={draft.bookedFrom}
                  onChange={(e) => set("bookedFrom", e.target.value)}
                />
              )}
            </FormField>
            <fieldset className="grid gap-2 md:col-span-3 md:flex md:flex-wrap md:gap-6">
              <legend className="sr-only">Only</legend>
              {/* Plain labels: Label's single-line leading would crush these when they wrap on a phone. */}
              <div className="flex items-start gap-2">
                <Checkbox id="leads-overdue" checked={draft.overdue} onChange={(e) => set("overdue", e.target.checked)} />
                <label htmlFor="leads-overdue" className="text-sm font-medium leading-5">
                  Overdue only (still New past the target)
                </label>
              </div>
              <div className="flex items-start gap-2">
                <Checkbox id="leads-not-booked" checked={draft.notBooked} onChange={(e) => set("notBooked", e.target.checked)} />
                <label htmlFor="leads-not-booked" className="text-sm font-medium leading-5">
                  Not booked (booking and enterprise leads without a meeting)
                </label>
              </div>
            </fieldset>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Button type="button" variant="ghost" onClick={onClear}>
            Clear
          </Button>
          {onExport ? (
            <Button type="button" variant="outline" className="ml-auto" onClick={onExport} disabled={exporting}>
              <Download aria-hidden="true" />
              {exporting ? "Exporting..." : "Export CSV"}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/** A small label above a value: shown in the phone's cards, where no column header names it. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-muted-foreground md:hidden">{children}</span>;
}

/**
 * One markup, two layouts: from md up a table; below it each row is a card (the table's parts
 * become blocks and a grid), so a phone reads every lead without scrolling sideways.
 */
export function LeadsTable({ items, busy, targetMinutes }: { items: LeadSummary[]; busy: boolean; targetMinutes: number }) {
  const now = useNow();
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-background md:shadow-sm" aria-busy={busy}>
      <table className="block w-full border-collapse text-left text-sm md:table md:min-w-[900px]">
        <caption className="sr-only">Leads, newest first</caption>
        <thead className="hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2">Lead</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Source</th>
            <th scope="col" className="px-3 py-2">Owner</th>
            <th scope="col" className="px-3 py-2">First contact</th>
            <th scope="col" className="px-3 py-2">Meeting</th>
            <th scope="col" className="px-3 py-2">Received</th>
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group">
          {items.map((lead) => (
            <LeadRow key={lead.id} lead={lead} now={now} targetMinutes={targetMinutes} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRow({ lead, now, targetMinutes }: { lead: LeadSummary; now: Date; targetMinutes: number }) {
  const wait = leadWait(lead, now);
  const cell = "block min-w-0 md:table-cell md:px-3 md:py-2.5 md:align-top";
  return (
    <tr
      className={cn(
        "grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border p-4 shadow-sm md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:shadow-none",
        lead.overdue ? "border-amber-600 bg-amber-50" : "border-border bg-background",
      )}
      data-testid="lead-row"
      data-overdue={lead.overdue ? "true" : undefined}
    >
      <td className={cn(cell, "col-span-2")}>
        <Link
          to={adminLeadPath(lead.id)}
          className="font-semibold text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="break-words">{lead.name}</span>
        </Link>
        <span className="block break-words text-foreground">{lead.company}</span>
        <EmailAddress email={lead.email} link={false} className="block text-muted-foreground" />
      </td>
      <td className={cn(cell, "col-span-2")}>
        <span className="flex flex-wrap gap-1.5">
          <LeadStatusBadge status={lead.status} />
          {lead.overdue ? <OverdueBadge /> : null}
          <FitBadges fit={lead.fit} />
        </span>
      </td>
      <td className={cell}>
        <CellLabel>Source</CellLabel>
        {leadSourceLabels[lead.source] ?? lead.source}
      </td>
      <td className={cell}>
        <CellLabel>Owner</CellLabel>
        <span data-testid="lead-owner">
          {lead.owner ? <EmailAddress email={lead.owner.email} link={false} /> : <span className="text-muted-foreground">Unassigned</span>}
        </span>
      </td>
      <td className={cell}>
        <CellLabel>First contact</CellLabel>
        <span data-testid="lead-wait">{wait.text}</span>
        {lead.overdue ? <span className="block text-xs font-medium text-amber-900">past the {targetText(targetMinutes)} target</span> : null}
      </td>
      <td className={cell}>
        <CellLabel>Meeting</CellLabel>
        {lead.meetingStartsAt ? <time dateTime={lead.meetingStartsAt}>{formatDateTime(lead.meetingStartsAt)}</time> : <span className="text-muted-foreground">—</span>}
      </td>
      <td className={cn(cell, "col-span-2 md:whitespace-nowrap")}>
        <CellLabel>Received</CellLabel>
        <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
      </td>
    </tr>
  );
}
