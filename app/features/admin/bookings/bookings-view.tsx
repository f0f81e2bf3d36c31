import * as React from "react";
import { ChevronDown, Download } from "lucide-react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import {
  BOOKINGS_DATE_MAX,
  BOOKINGS_DATE_MIN,
  bookingFiltersSchema,
  bookingSourceForms,
  bookingSourceLabels,
  botCheckLabels,
  type BookingFilters,
} from "@shared/schemas/admin";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { ApiError, isAuthError, isRefusal } from "../api-client";
import { FetchFailedCard, ListEmpty, ListLoading, RefusedCard } from "../list-states";
import { downloadBookingsCsv, useBookings, type Booking } from "./bookings-api";
import { CursorPager } from "../cursor-pager";
import { EmailAddress } from "../../../components/email-address";
import { formatDateTime } from "../format";

export const BOOKINGS_FETCH_FAILED = "Failed to fetch bookings";


type Draft = { q: string; source: string; from: string; to: string };
const emptyDraft: Draft = { q: "", source: "", from: "", to: "" };
const filterFields: readonly string[] = Object.keys(emptyDraft);

/** The server's messages for the filter fields, to show beside them. */
function filterFieldErrors(error: ApiError): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => filterFields.includes(field)));
}

export function BookingsView() {
  const [draft, setDraft] = React.useState<Draft>(emptyDraft);
  const [filters, setFilters] = React.useState<BookingFilters>({});
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // Keyset pagination: the cursors of the pages visited so far (null = first page).
  const [cursors, setCursors] = React.useState<(string | null)[]>([null]);
  const [exporting, setExporting] = React.useState(false);
  const bookings = useBookings(filters, cursors.at(-1) ?? null);
  // A 400 is the server refusing these filters or this page, with a message: not a failure to fetch.
  const refused = isRefusal(bookings.error) ? bookings.error : null;
  const refusedFields = refused ? filterFieldErrors(refused) : {};
  const fetchFailed = bookings.isError && !isAuthError(bookings.error) && !refused;
  // This form's own check (or a refused export) speaks over the list's refusal for the same field.
  const fieldErrors = { ...refusedFields, ...errors };

  React.useEffect(() => {
    if (fetchFailed) toast.error(BOOKINGS_FETCH_FAILED);
  }, [fetchFailed]);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const parsed = bookingFiltersSchema.safeParse(
      Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== "")),
    );
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFilters(parsed.data);
    setCursors([null]);
  }

  function clear() {
    setDraft(emptyDraft);
    setErrors({});
    setFilters({});
    setCursors([null]);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadBookingsCsv(filters);
      toast.success("Export downloaded");
    } catch (error) {
      if (isRefusal(error)) setErrors(filterFieldErrors(error));
      toast.error(error instanceof ApiError && error.message ? error.message : "Failed to export bookings");
    } finally {
      setExporting(false);
    }
  }

  const filtered = Object.keys(filters).length > 0;
  const page = bookings.data;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Card padded={false} className="p-4 sm:p-5">
        <form onSubmit={apply} noValidate className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_1fr] md:items-start" aria-label="Filter bookings">
          <FormField id="bookings-q" label="Search" error={fieldErrors.q} hint="Name, email or company">
            {(control) => <Input {...control} type="search" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />}
          </FormField>
          <FormField id="bookings-source" label="Source form" error={fieldErrors.source}>
            {(control) => (
              <NativeSelect {...control} value={draft.source} onChange={(e) => setDraft({ ...draft, source: e.target.value })}>
                <option value="">All forms</option>
                {bookingSourceForms.map((s) => (
                  <option key={s} value={s}>
                    {bookingSourceLabels[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {/* The picker offers only the days the server accepts (docs/decisions/0203). */}
          <FormField id="bookings-from" label="From" error={fieldErrors.from}>
            {(control) => (
              <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            )}
          </FormField>
          <FormField id="bookings-to" label="To" error={fieldErrors.to}>
            {(control) => (
              <Input {...control} type="date" min={BOOKINGS_DATE_MIN} max={BOOKINGS_DATE_MAX} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2 md:col-span-4">
            <Button type="submit">Apply filters</Button>
            <Button type="button" variant="ghost" onClick={clear}>
              Clear
            </Button>
            <Button type="button" variant="outline" className="ml-auto" onClick={exportCsv} disabled={exporting}>
              <Download aria-hidden="true" />
              {exporting ? "Exporting..." : "Export CSV"}
            </Button>
          </div>
        </form>
      </Card>

      {bookings.isPending ? (
        <ListLoading label="Loading bookings" testId="bookings-loading" />
      ) : refused ? (
        <RefusedCard
          // The filters' messages are beside their fields; anything else (a page cursor) is said here.
          message={Object.keys(refusedFields).length > 0 ? "No bookings shown: correct the filters above." : refused.message}
          action={cursors.length > 1 ? "Back to the first page" : "Clear filters"}
          onAction={cursors.length > 1 ? () => setCursors([null]) : clear}
          testId="bookings-refused"
        />
      ) : fetchFailed ? (
        <FetchFailedCard message={BOOKINGS_FETCH_FAILED} onRetry={() => void bookings.refetch()} />
      ) : page && page.items.length === 0 ? (
        <ListEmpty
          title={filtered ? "No booking inquiries match these filters." : "No booking inquiries yet."}
          hint={filtered ? "Change or clear the filters to see more." : "Inquiries from the booking and enterprise forms will appear here."}
          testId="bookings-empty"
        />
      ) : page ? (
        <>
          <BookingsTable items={page.items} busy={bookings.isFetching} />
          <CursorPager
            label="Bookings pages"
            cursors={cursors}
            onCursorsChange={setCursors}
            nextCursor={page.nextCursor}
            waiting={bookings.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}

/** A small label above a value: shown in the phone's cards, where no column header names it. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-muted-foreground md:hidden">{children}</span>;
}

/**
 * One markup, two layouts: from md up a table; below it each row is a card (the table's parts
 * become blocks and a grid), so a phone reads names and e-mails without scrolling sideways or
 * breaking them mid-word (docs/decisions/0701).
 */
function BookingsTable({ items, busy }: { items: Booking[]; busy: boolean }) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-background md:shadow-sm" aria-busy={busy}>
      <table className="block w-full border-collapse text-left text-sm md:table md:min-w-[960px]">
        <caption className="sr-only">Booking inquiries, newest first</caption>
        <thead className="hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2">Received</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">Work email</th>
            <th scope="col" className="px-3 py-2">Company</th>
            <th scope="col" className="px-3 py-2">Job title</th>
            <th scope="col" className="px-3 py-2">Source</th>
            <th scope="col" className="px-3 py-2 text-right">Calls / month</th>
            <th scope="col" className="px-3 py-2">Consent</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">Details</span></th>
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group">
          {items.map((b) => (
            <BookingRow key={b.id} booking={b} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cell = "block min-w-0 md:table-cell md:px-3 md:py-2";

function BookingRow({ booking: b }: { booking: Booking }) {
  const [open, setOpen] = React.useState(false);
  const detailsId = `booking-${b.id}-details`;
  return (
    <>
      <tr
        className={cn(
          "grid grid-cols-2 gap-x-4 gap-y-3 border border-border bg-background p-4 shadow-sm md:table-row md:border-x-0 md:border-b-0 md:p-0 md:align-top md:shadow-none",
          open ? "rounded-t-xl md:rounded-none" : "rounded-xl md:rounded-none",
        )}
        data-testid="booking-row"
      >
        <td className={cn(cell, "col-span-2 md:whitespace-nowrap")}>
          <CellLabel>Received</CellLabel>
          {formatDateTime(b.createdAt)}
        </td>
        <td className={cn(cell, "col-span-2 -order-1 break-words font-medium md:order-none")}>
          <CellLabel>Name</CellLabel>
          {b.name}
        </td>
        <td className={cn(cell, "col-span-2")}>
          <CellLabel>Work email</CellLabel>
          <EmailAddress email={b.workEmail} />
        </td>
        <td className={cn(cell, "break-words")}>
          <CellLabel>Company</CellLabel>
          {b.companyName}
        </td>
        <td className={cn(cell, "break-words")}>
          <CellLabel>Job title</CellLabel>
          {b.jobTitle}
        </td>
        <td className={cn(cell, "col-span-2")}>
          <CellLabel>Source</CellLabel>
          <span className="flex flex-wrap gap-1 md:block">
            <Badge variant="outline" className="whitespace-nowrap">{bookingSourceLabels[b.sourceForm] ?? b.sourceForm}</Badge>
            {b.botCheck === "no_script" ? (
              <Badge variant="warning" className="whitespace-nowrap md:mt-1" title={botCheckLabels.no_script}>
                Unverified
              </Badge>
            ) : null}
          </span>
        </td>
        <td className={cn(cell, "tabular-nums md:text-right")}>
          <CellLabel>Calls / month</CellLabel>
          {b.totalCalls ?? "—"}
        </td>
        <td className={cell}>
          <CellLabel>Consent</CellLabel>
          {b.tcpaConsent ? "Yes" : "No"}
        </td>
        <td className={cn(cell, "col-span-2 md:text-right")}>
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
            Details
            <ChevronDown className={open ? "rotate-180" : undefined} aria-hidden="true" />
          </Button>
        </td>
      </tr>
      {open ? (
        <tr id={detailsId} className="-mt-3 block rounded-b-xl border border-t-0 border-border bg-muted p-4 md:mt-0 md:table-row md:rounded-none md:border-0 md:bg-muted/50 md:p-0">
          <td colSpan={9} className="block md:table-cell md:px-3 md:py-3">
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
              <Detail label="AI goal" value={b.aiGoal} wide />
              <Detail label="Page" value={b.pagePath} />
              <Detail label="Referrer" value={b.referrer} />
              <Detail label="UTM source" value={b.utmSource} />
              <Detail label="UTM medium" value={b.utmMedium} />
              <Detail label="UTM campaign" value={b.utmCampaign} />
              <Detail label="UTM term" value={b.utmTerm} />
              <Detail label="UTM content" value={b.utmContent} />
              <Detail label="Consent text version" value={b.consentTextVersion} />
              <Detail label="IP address" value={b.clientIp} />
              <Detail label="User agent" value={b.userAgent} wide />
              <Detail label="Bot check" value={b.botCheck ? botCheckLabels[b.botCheck] : null} />
              <Detail label="Inquiry ID" value={b.id} />
            </dl>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Detail({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2 lg:col-span-3" : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words">{value || "—"}</dd>
    </div>
  );
}
