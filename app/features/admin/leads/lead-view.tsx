import * as React from "react";
import { Link } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, TriangleAlert, X } from "lucide-react";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import type { AdminUser } from "@shared/api/admin-api";
import type { HubSpotContactOrigin, LeadDetailResponse, LeadHubSpotRecords, LeadSummary, LeadTimelineEntry, StaffMember } from "@shared/api/lead-desk-api";
import { botCheckLabels } from "@shared/schemas/admin";
import { CONTACT_INDUSTRIES } from "@shared/schemas/contact-request";
import { LEAD_NOTE_MAX, leadNoteSchema, leadSourceLabels, leadStatusLabels, leadTransitions, type LeadStatus } from "@shared/schemas/lead-desk";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { StaleLeadError, useAddLeadNote, useLead, useUpdateLead } from "./lead-api";
import { emailKindLabels, fitTierDescription } from "@shared/schemas/lead-fit";
import { FitBadges, LeadStatusBadge, OverdueBadge } from "./lead-badges";
import { EmailAddress } from "../../../components/email-address";
import { LeadTimeline } from "./lead-timeline";
import { formatDateTime } from "../format";
import { leadWait, targetText, useNow } from "./lead-wait";

export const LEAD_FETCH_FAILED = "Failed to fetch the lead";
export const STALE_LEAD_TITLE = "Someone else changed this lead";
export const STALE_LEAD_TEXT = "Your change was not saved and nothing was overwritten. The page now shows the lead as it is.";

type NoteForm = { text: string };

/** The lead page (docs/decisions/0701): what the visitor gave, the evidence, the work on it and its timeline. */
export function LeadView({ id, admin }: { id: string; admin: AdminUser }) {
  const lead = useLead(id);
  const notFound = lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400);
  const failed = lead.isError && !isAuthError(lead.error) && !notFound;
  React.useEffect(() => {
    if (failed) toast.error(LEAD_FETCH_FAILED);
  }, [failed]);

  if (lead.isPending) {
    return <ListLoading label="Loading the lead" testId="lead-loading" />;
  }
  if (notFound) {
    return (
      <Card className="grid justify-items-start gap-3" data-testid="lead-not-found">
        <p className="font-semibold">This lead does not exist.</p>
        <BackLink />
      </Card>
    );
  }
  if (failed || !lead.data) return <FetchFailedCard message={LEAD_FETCH_FAILED} onRetry={() => void lead.refetch()} />;
  return <LeadPage data={lead.data} admin={admin} />;
}

function BackLink() {
  return (
    <Link
      to={paths.adminLeads}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All leads
    </Link>
  );
}

/** A section of the page under its own heading (h2: the page's h1 is the shell's). */
function Section({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} data-testid={id} className={cn("grid min-w-0 gap-4 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-5", className)}>
      <h2 id={id} className="text-lg font-bold leading-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LeadPage({ data, admin }: { data: LeadDetailResponse; admin: AdminUser }) {
  const { lead, timeline, staff } = data;
  const now = useNow();
  const wait = leadWait(lead, now);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid min-w-0 gap-3">
        <BackLink />
        <div className="grid min-w-0 gap-1">
          <h2 className="break-words text-xl font-bold leading-tight sm:text-2xl" data-testid="lead-name">
            {lead.name}
          </h2>
          <p className="break-words text-muted-foreground">{lead.company}</p>
          <p className="flex flex-wrap items-center gap-2 pt-1">
            <LeadStatusBadge status={lead.status} />
            {lead.overdue ? <OverdueBadge /> : null}
            <FitBadges fit={lead.fit} />
            <span className="text-sm text-muted-foreground">
              {leadSourceLabels[lead.source] ?? lead.source} · received <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
            </span>
          </p>
          <p className="break-words text-sm" data-testid="lead-page-owner">
            <span className="font-medium">Owner:</span> {lead.owner ? lead.owner.email : "Unassigned"}
          </p>
          <HubSpotLinks records={lead.hubspot} />
        </div>
      </div>

      {/* On a phone the work on the lead comes first; from lg it is the right-hand column. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6 lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1">
          <WorkPanel lead={lead} staff={staff} admin={admin} />
          <Section id="lead-speed" title="Speed to lead and meeting">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <Detail label="First contact" span="col-span-2">
                <span data-testid="lead-page-wait">{wait.text}</span>
                {lead.overdue ? (
                  <span className="block font-medium text-amber-900">
                    Overdue: past the {targetText(data.firstContactTargetMinutes)} target
                  </span>
                ) : null}
              </Detail>
              <Detail label="Meeting starts">
                {lead.meetingStartsAt ? <time dateTime={lead.meetingStartsAt}>{formatDateTime(lead.meetingStartsAt)}</time> : "No meeting booked"}
              </Detail>
              <Detail label="Booked at">{bookedAtText(lead, timeline)}</Detail>
            </dl>
          </Section>
        </div>

        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <Section id="lead-given" title="What the visitor gave">
            <SubmissionDetails lead={lead} enterpriseCallsPerMonth={data.enterpriseCallsPerMonth} />
          </Section>
          <Section id="lead-timeline" title="Timeline">
            <NoteForm leadId={lead.id} />
            <LeadTimeline entries={timeline} staff={staff} />
          </Section>
          <Section id="lead-evidence" title="Attribution and consent evidence">
            <EvidenceDetails lead={lead} />
          </Section>
        </div>
      </div>
    </div>
  );
}

/**
 * The lead's records in HubSpot (docs/decisions/0720), opened in a new tab, and whether the lead
 * made the contact or was added to one sales already had (whose details it did not change);
 * nothing when the hand-off is off, and a word while the outbox has not handed the lead over yet.
 */
const hubspotContactWords: Record<HubSpotContactOrigin, string> = {
  created: "New contact, created from this lead",
  existing: "Added to an existing contact (its details kept)",
};

export function HubSpotLinks({ records }: { records: LeadHubSpotRecords | null }) {
  if (!records) return null;
  const link = "text-primary underline-offset-2 hover:underline";
  if (!records.contactUrl) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="lead-hubspot">
        HubSpot: not handed over yet
      </p>
    );
  }
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="lead-hubspot">
      <a className={link} href={records.contactUrl} target="_blank" rel="noopener noreferrer">
        Open in HubSpot
      </a>
      {records.dealUrl ? (
        <a className={link} href={records.dealUrl} target="_blank" rel="noopener noreferrer">
          Open the deal in HubSpot
        </a>
      ) : null}
      {records.contact ? <span className="text-muted-foreground">{hubspotContactWords[records.contact]}</span> : null}
    </p>
  );
}

/** When the current meeting was booked: the latest booking or rescheduling entry of the timeline. */
function bookedAtText(lead: LeadSummary, timeline: readonly LeadTimelineEntry[]): string {
  if (!lead.meetingStartsAt) return "—";
  const booked = timeline
    .filter((e) => e.type === "meeting_booked" || e.type === "meeting_rescheduled")
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];
  return booked ? formatDateTime(booked.at) : "—";
}

type Conflict = { lead: LeadSummary };

/** Status (only the moves the shared lifecycle allows) and owner, each change against the version shown. */
export function WorkPanel({ lead, staff, admin }: { lead: LeadSummary; staff: readonly StaffMember[]; admin: AdminUser }) {
  const update = useUpdateLead(lead.id);
  const [conflict, setConflict] = React.useState<Conflict | null>(null);
  const statusRef = React.useRef<HTMLParagraphElement>(null);
  const currentOwner = lead.owner?.id ?? "";
  const [owner, setOwner] = React.useState(currentOwner);
  // The select follows the lead when its owner changes (a save, someone else's change).
  const [ownerSeen, setOwnerSeen] = React.useState(currentOwner);
  if (ownerSeen !== currentOwner) {
    setOwnerSeen(currentOwner);
    setOwner(currentOwner);
  }
  const moves = leadTransitions[lead.status] ?? [];
  // Someone who owns leads but is not in the staff list any more stays visible as the owner.
  const ownerOptions = lead.owner && !staff.some((s) => s.id === lead.owner!.id) ? [...staff, lead.owner] : staff;

  async function change(body: { status?: LeadStatus; ownerId?: string | null }, done: string) {
    try {
      await update.mutateAsync({ version: lead.version, ...body });
      setConflict(null);
      toast.success(done);
      statusRef.current?.focus();
    } catch (error) {
      if (error instanceof StaleLeadError) {
        setConflict({ lead: error.lead });
        toast.error(STALE_LEAD_TITLE, { description: STALE_LEAD_TEXT });
        statusRef.current?.focus();
      } else {
        toast.error(error instanceof ApiError && error.message ? error.message : "Failed to update the lead");
      }
    }
  }

  const ownerName = (id: string) => ownerOptions.find((s) => s.id === id)?.email ?? "a staff member";

  return (
    <Section id="lead-work" title="Status and owner">
      {conflict ? (
        <div role="alert" className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950" data-testid="lead-conflict">
          <TriangleAlert className="mt-0.5 size-4 text-amber-800" aria-hidden="true" />
          <div>
            <p className="font-semibold">{STALE_LEAD_TITLE} while you had it open.</p>
            <p className="mt-1">
              Nothing was overwritten: your change was not saved. It is now {leadStatusLabels[conflict.lead.status]},{" "}
              {conflict.lead.owner ? `owned by ${conflict.lead.owner.email}` : "with no owner"}. Make your change again if it still applies.
            </p>
          </div>
          <button
            type="button"
            className="-mr-1 -mt-1 rounded-md p-1.5 text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setConflict(null)}
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ) : null}

      <div className="grid gap-2">
        <p ref={statusRef} tabIndex={-1} className="flex flex-wrap items-center gap-2 rounded-md text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <span className="font-medium">Status:</span>
          <LeadStatusBadge status={lead.status} />
        </p>
        {moves.length > 0 ? (
          <div role="group" aria-labelledby="lead-moves-label" className="grid gap-2">
            <p id="lead-moves-label" className="text-sm text-muted-foreground">
              Move to
            </p>
            <div className="flex flex-wrap gap-2">
              {moves.map((to) => (
                <Button
                  key={to}
                  variant="outline"
                  size="sm"
                  disabled={update.isPending}
                  onClick={() => void change({ status: to }, `Status changed to ${leadStatusLabels[to]}`)}
                  data-testid="lead-move"
                >
                  {leadStatusLabels[to]}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </div>

      <form
        className="grid gap-2"
        aria-label="Change the owner"
        onSubmit={(event) => {
          event.preventDefault();
          void change({ ownerId: owner === "" ? null : owner }, owner === "" ? "Lead unassigned" : `Owner set to ${ownerName(owner)}`);
        }}
      >
        <FormField id="lead-owner" label="Owner">
          {(control) => (
            <NativeSelect {...control} value={owner} onChange={(e) => setOwner(e.target.value)}>
              <option value="">Unassigned</option>
              {ownerOptions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.email}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={update.isPending || owner === currentOwner}>
            Save owner
          </Button>
          {currentOwner !== admin.userId && staff.some((s) => s.id === admin.userId) ? (
            <Button type="button" variant="outline" size="sm" disabled={update.isPending} onClick={() => void change({ ownerId: admin.userId }, "Lead assigned to you")}>
              Assign to me
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}

function NoteForm({ leadId }: { leadId: string }) {
  const addNote = useAddLeadNote(leadId);
  const form = useForm<NoteForm>({ resolver: zodResolver(leadNoteSchema), defaultValues: { text: "" } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await addNote.mutateAsync(values);
      form.reset({ text: "" });
      toast.success("Note added");
    } catch (error) {
      const message = error instanceof ApiError ? (error.fieldErrors.text ?? error.message) : "";
      if (error instanceof ApiError && error.fieldErrors.text) form.setError("text", { message: error.fieldErrors.text });
      else toast.error(message || "Failed to add the note");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <FormField id="lead-note" label="Add a note" error={errors.text?.message} hint={`Up to ${LEAD_NOTE_MAX} characters. Notes cannot be edited.`}>
        {(control) => <Textarea {...control} rows={3} {...form.register("text")} />}
      </FormField>
      <Button type="submit" size="sm" className="justify-self-start" disabled={addNote.isPending}>
        {addNote.isPending ? "Adding..." : "Add note"}
      </Button>
    </form>
  );
}

function Detail({ label, span, children }: { label: string; span?: string; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", span)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "—" : value);

const industryLabel = (value: string) => CONTACT_INDUSTRIES.find((i) => i.value === value)?.label ?? value;

/** Every field the visitor gave, by the form it came from. */
function SubmissionDetails({ lead, enterpriseCallsPerMonth }: { lead: LeadDetailResponse["lead"]; enterpriseCallsPerMonth: number }) {
  const s = lead.submission;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="lead-submission">
      <Detail label="Name">{lead.name}</Detail>
      <Detail label={s.kind === "booking_inquiry" ? "Work email" : "Email"}>
        <EmailAddress email={lead.email} />
      </Detail>
      <Detail label="Company">{lead.company}</Detail>
      <Detail label="Fit" span="sm:col-span-2">
        <span data-testid="lead-fit-detail">
          {fitTierDescription(lead.fit.tier, enterpriseCallsPerMonth)}; {lead.fit.emailKind ? emailKindLabels[lead.fit.emailKind] : "e-mail not checked"}
        </span>
      </Detail>
      {s.kind === "booking_inquiry" ? (
        <>
          <Detail label="Job title">{orDash(s.jobTitle)}</Detail>
          <Detail label="Calls per month">{orDash(s.totalCalls)}</Detail>
          <Detail label="Consent to be contacted">{s.tcpaConsent ? "Yes" : "No"}</Detail>
          <Detail label="AI goal" span="sm:col-span-2">
            <span className="whitespace-pre-wrap">{orDash(s.aiGoal)}</span>
          </Detail>
        </>
      ) : (
        <>
          <Detail label="Role">{orDash(s.role)}</Detail>
          <Detail label="Phone">{s.phone ? <a className="text-primary underline-offset-2 hover:underline" href={`tel:${s.phone}`}>{s.phone}</a> : "—"}</Detail>
          <Detail label="Industry">{industryLabel(s.industry)}</Detail>
          <Detail label="Company size">{orDash(s.companySize)}</Detail>
          <Detail label="Notes" span="sm:col-span-2">
            <span className="whitespace-pre-wrap">{orDash(s.notes)}</span>
          </Detail>
        </>
      )}
    </dl>
  );
}

/** Where the lead came from and what it agreed to, as the server recorded it. Short values two a row, even on a phone. */
function EvidenceDetails({ lead }: { lead: LeadDetailResponse["lead"] }) {
  const e = lead.evidence;
  const s = lead.submission;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
      <Detail label="Page" span="col-span-2 sm:col-span-1">
        {orDash(e.pagePath)}
      </Detail>
      <Detail label="Referrer" span="col-span-2 sm:col-span-1">
        {orDash(e.referrer)}
      </Detail>
      {/* The first blog post read in the lead's tab (docs/decisions/0801): its title while it is published. */}
      <Detail label="First article read" span="col-span-2">
        <span data-testid="lead-first-article">{lead.firstArticle ? (lead.firstArticle.title ?? lead.firstArticle.path) : "—"}</span>
      </Detail>
      <Detail label="UTM source">{orDash(e.utmSource)}</Detail>
      <Detail label="UTM medium">{orDash(e.utmMedium)}</Detail>
      <Detail label="UTM campaign">{orDash(e.utmCampaign)}</Detail>
      <Detail label="UTM term">{orDash(e.utmTerm)}</Detail>
      <Detail label="UTM content">{orDash(e.utmContent)}</Detail>
      <Detail label="Bot check">{e.botCheck ? botCheckLabels[e.botCheck] : "—"}</Detail>
      {s.kind === "booking_inquiry" ? <Detail label="Consent text version">{orDash(s.consentTextVersion)}</Detail> : null}
      <Detail label="IP address">{orDash(e.clientIp)}</Detail>
      <Detail label="User agent" span="col-span-2">
        {orDash(e.userAgent)}
      </Detail>
      <Detail label="Lead ID" span="col-span-2">
        <span className="font-mono text-xs">{lead.id}</span>
      </Detail>
    </dl>
  );
}
