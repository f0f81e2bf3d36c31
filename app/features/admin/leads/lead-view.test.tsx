import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plainSpaces, renderScreen } from "../../../../tests/support/render-screen";
import type { LeadDetailResponse } from "@shared/api/lead-desk-api";
import { leadStatusLabels, leadStatuses, leadTransitions, type LeadStatus } from "@shared/schemas/lead-desk";
import { ApiError } from "../api-client";
import { StaleLeadError, leadDetailKey, leadNoteOptions, leadUpdateOptions } from "./lead-api";
import { leadDetail, leadSummary, signedInAdmin, staffOther, timelineEntry } from "./lead-fixtures";
import { LeadPage, WorkPanel } from "./lead-view";

const render = (node: React.ReactNode) => plainSpaces(renderScreen(node));

/** The labels of the page's status buttons, in order. */
const moveButtons = (html: string) => [...html.matchAll(/<button[^>]*data-testid="lead-move"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe("the lead page's status moves", () => {
  it.each(leadStatuses)("from %s offers exactly the moves the shared lifecycle allows, in words", (status: LeadStatus) => {
    const { lead, staff } = leadDetail({ status });
    const html = render(<WorkPanel lead={lead} staff={staff} admin={signedInAdmin} />);
    expect(moveButtons(html)).toEqual(leadTransitions[status].map((to) => leadStatusLabels[to]));
    expect(html).toContain(`>${leadStatusLabels[status]}</span>`);
  });

  it("offers Unassigned and every staff member as owner, and Assign to me while someone else owns it", () => {
    const { lead, staff } = leadDetail({ owner: staffOther });
    const html = render(<WorkPanel lead={lead} staff={staff} admin={signedInAdmin} />);
    expect(html).toMatch(/<option value="">Unassigned<\/option>/);
    expect(html).toContain(`<option value="${staffOther.id}" selected="">${staffOther.email}</option>`);
    expect(html).toContain("Assign to me");
    const mine = render(<WorkPanel lead={{ ...lead, owner: staff[0]! }} staff={staff} admin={signedInAdmin} />);
    expect(mine).not.toContain("Assign to me");
  });
});

describe("the lead page", () => {
  it("shows what the visitor gave, the evidence, the wait and the timeline in words", () => {
    const data = leadDetail({ status: "contacted", firstResponseAt: "2026-03-02T09:07:00.000Z" }, [
      timelineEntry(),
      timelineEntry({ id: "e2", at: "2026-03-02T09:07:00.000Z", type: "status_changed", actor: { id: signedInAdmin.userId, email: signedInAdmin.email }, data: { from: "new", to: "contacted" } }),
      timelineEntry({ id: "e3", at: "2026-03-02T09:08:00.000Z", type: "note_added", actor: { id: signedInAdmin.userId, email: signedInAdmin.email }, data: { text: "Called, left a voicemail" } }),
    ]);
    const html = render(<LeadPage data={data} admin={signedInAdmin} />);
    for (const text of ["Jane Doe", "Doe Plumbing", "Answer after-hours calls", "120", "2026-11-tcpa-v1", "/pricing", "https://www.google.com/", "google", "spring", "Verified", "203.0.113.7", "Mozilla/5.0 (X11; Linux x86_64)", "waited 7 min", "Called, left a voicemail", "New → Contacted"]) {
      expect(html, text).toContain(text);
    }
    // Newest first.
    expect(html.indexOf("Called, left a voicemail")).toBeLessThan(html.indexOf("New → Contacted"));
    expect(html.indexOf("New → Contacted")).toBeLessThan(html.indexOf("Lead received"));
    // Headings in order: the shell's h1, then the page's h2s, no h3 before an h2.
    expect([...html.matchAll(/<h(\d)/g)].map((m) => m[1])).toEqual(["2", "2", "2", "2", "2", "2"]);
  });

  it("shows the contact form's fields for a contact request", () => {
    const data: LeadDetailResponse = leadDetail({ source: "contact_form" });
    data.lead.submission = { kind: "contact_request", role: "Office manager", phone: "+1 555 0100", industry: "law", companySize: "11-50", notes: "Line one\nLine two" };
    const html = render(<LeadPage data={data} admin={signedInAdmin} />);
    for (const text of ["Office manager", 'href="tel:+1 555 0100"', "Law", "11-50", "Line one\nLine two", "Contact form"]) expect(html, text).toContain(text);
    expect(html).not.toContain("Consent text version");
  });

  it("says which blog post the visitor read first: its title while it is published, else its path, else a dash (docs/decisions/0801)", () => {
    const firstArticle = (html: string) => html.match(/<dt[^>]*>First article read<\/dt><dd[^>]*><span data-testid="lead-first-article">([^<]*)<\/span>/)?.[1];
    const data = leadDetail();
    expect(firstArticle(render(<LeadPage data={data} admin={signedInAdmin} />))).toBe("—");
    data.lead.firstArticle = { path: "/blog/answering-every-call", title: "Answering every call" };
    expect(firstArticle(render(<LeadPage data={data} admin={signedInAdmin} />))).toBe("Answering every call");
    data.lead.firstArticle = { path: "/blog/answering-every-call", title: null };
    expect(firstArticle(render(<LeadPage data={data} admin={signedInAdmin} />))).toBe("/blog/answering-every-call");
  });
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("the lead page's HubSpot links (docs/decisions/0720)", () => {
  const hubspotArea = (html: string) => /<p[^>]*data-testid="lead-hubspot"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? null;

  const urls = { contactUrl: "https://app.hubspot.com/contacts/123/record/0-1/501", dealUrl: "https://app.hubspot.com/contacts/123/record/0-3/901" };

  it("links to the contact and the deal in a new tab once the lead is in HubSpot", () => {
    const data = leadDetail();
    data.lead.hubspot = { ...urls, contact: null };
    const area = hubspotArea(render(<LeadPage data={data} admin={signedInAdmin} />));
    expect(area).toContain('<a class="text-primary underline-offset-2 hover:underline" href="https://app.hubspot.com/contacts/123/record/0-1/501" target="_blank" rel="noopener noreferrer">Open in HubSpot</a>');
    expect(area).toContain('href="https://app.hubspot.com/contacts/123/record/0-3/901" target="_blank" rel="noopener noreferrer">Open the deal in HubSpot</a>');
    // Handed over before the site recorded who made the contact: no claim either way.
    expect(area).not.toMatch(/contact \(|New contact/);
  });

  it("says whether the lead made a new contact or was added to an existing one whose details were kept", () => {
    const created = leadDetail();
    created.lead.hubspot = { ...urls, contact: "created" };
    expect(hubspotArea(render(<LeadPage data={created} admin={signedInAdmin} />))).toContain('<span class="text-muted-foreground">New contact, created from this lead</span>');
    const existing = leadDetail();
    existing.lead.hubspot = { ...urls, contact: "existing" };
    const area = hubspotArea(render(<LeadPage data={existing} admin={signedInAdmin} />));
    expect(area).toContain('<span class="text-muted-foreground">Added to an existing contact (its details kept)</span>');
    expect(area).not.toContain("New contact");
  });

  it("the timeline says which happened when the lead was sent, and that a status change was not sent to a contact the site did not create", () => {
    const hubspotEntry = (id: string, at: string, data: Record<string, unknown>) => timelineEntry({ id, at, type: "notification_delivered", data: { channel: "hubspot", ...data } });
    const html = render(
      <LeadPage
        data={leadDetail({}, [
          timelineEntry(),
          hubspotEntry("e2", "2026-03-02T09:01:00.000Z", { topic: "lead_stored", hubspotContact: "existing" }),
          hubspotEntry("e3", "2026-03-02T09:05:00.000Z", { topic: "status_changed", hubspotLeadStatus: "not_sent" }),
        ])}
        admin={signedInAdmin}
      />,
    );
    expect(html).toContain("Sent to HubSpot: added to existing contact (its details kept)");
    expect(html).toContain("and a note of what it gave");
    expect(html).toContain("HubSpot lead status not changed");
    expect(html).toContain("because this site did not create the contact");
    expect(html).not.toContain("Notification delivered");

    const made = render(<LeadPage data={leadDetail({}, [hubspotEntry("e4", "2026-03-02T09:01:00.000Z", { topic: "lead_stored", hubspotContact: "created" })])} admin={signedInAdmin} />);
    expect(made).toContain("Sent to HubSpot: new contact created");
    expect(made).not.toContain("existing contact");
    // An entry from before the hand-off said what it did keeps the general words.
    const older = render(<LeadPage data={leadDetail({}, [hubspotEntry("e5", "2026-03-02T09:01:00.000Z", { topic: "lead_stored" })])} admin={signedInAdmin} />);
    expect(older).toContain("Notification delivered");
    expect(older).toContain("HubSpot · new lead");
  });

  it("says the lead is not handed over yet while it has no contact, and shows nothing when the hand-off is off", () => {
    const waiting = leadDetail();
    waiting.lead.hubspot = { contactUrl: null, dealUrl: null, contact: null };
    expect(hubspotArea(render(<LeadPage data={waiting} admin={signedInAdmin} />))).toBe("HubSpot: not handed over yet");
    expect(hubspotArea(render(<LeadPage data={leadDetail()} admin={signedInAdmin} />))).toBeNull();
  });
});

describe("a change made on an outdated copy (409 STALE_LEAD)", () => {
  afterEach(() => vi.unstubAllGlobals());
  const id = leadSummary().id;

  it("sends the version shown; on 409 the page's copy becomes the server's current lead, nothing else changes, and the page is asked again", async () => {
    const client = new QueryClient();
    client.setQueryData(leadDetailKey(id), leadDetail({ status: "new", version: 1 }));
    const current = leadSummary({ status: "contacted", owner: staffOther, version: 3, firstResponseAt: "2026-03-02T09:05:00.000Z" });
    const fetchMock = vi.fn(async () => jsonResponse(409, { error: "This lead was changed by someone else", code: "STALE_LEAD", lead: current }));
    vi.stubGlobal("fetch", fetchMock);

    const observer = new MutationObserver(client, leadUpdateOptions(client, id));
    const error = await observer.mutate({ version: 1, status: "lost" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleLeadError);
    expect((error as StaleLeadError).lead).toEqual(current);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/admin/leads/${id}`);
    expect(init.method).toBe("PATCH");
    expect(JSON.parse(String(init.body))).toEqual({ version: 1, status: "lost" });

    const page = client.getQueryData<LeadDetailResponse>(leadDetailKey(id))!;
    expect(page.lead).toMatchObject({ status: "contacted", owner: staffOther, version: 3 });
    // What the visitor gave is untouched.
    expect(page.lead.submission.kind).toBe("booking_inquiry");
    expect(client.getQueryState(leadDetailKey(id))?.isInvalidated).toBe(true);

    // The page now offers the moves from the current status, and the next change names version 3.
    const html = render(<WorkPanel lead={page.lead} staff={page.staff} admin={signedInAdmin} />);
    expect(moveButtons(html)).toEqual(leadTransitions.contacted.map((to) => leadStatusLabels[to]));
  });

  it("a success takes the server's lead and asks the lead desk's queries again", async () => {
    const client = new QueryClient();
    client.setQueryData(leadDetailKey(id), leadDetail({ version: 1 }));
    client.setQueryData(["admin", "leads", "summary"], { newToday: 1 });
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(200, { lead: leadSummary({ status: "contacted", version: 2 }) })));
    await new MutationObserver(client, leadUpdateOptions(client, id)).mutate({ version: 1, status: "contacted" });
    expect(client.getQueryData<LeadDetailResponse>(leadDetailKey(id))!.lead).toMatchObject({ status: "contacted", version: 2 });
    expect(client.getQueryState(["admin", "leads", "summary"])?.isInvalidated).toBe(true);
  });

  it("any other refusal is an ApiError with the server's message, and the copy is left as it was", async () => {
    const client = new QueryClient();
    client.setQueryData(leadDetailKey(id), leadDetail({ version: 1 }));
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(400, { error: "This status change is not allowed from the lead's current status", fieldErrors: { status: "x" } })));
    const error = await new MutationObserver(client, leadUpdateOptions(client, id)).mutate({ version: 1, status: "won" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("This status change is not allowed from the lead's current status");
    expect(client.getQueryData<LeadDetailResponse>(leadDetailKey(id))!.lead.status).toBe("new");
  });

  it("a note appears in the timeline at once", async () => {
    const client = new QueryClient();
    client.setQueryData(leadDetailKey(id), leadDetail());
    const entry = timelineEntry({ id: "n1", type: "note_added", data: { text: "Hello" } });
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(201, { entry })));
    await new MutationObserver(client, leadNoteOptions(client, id)).mutate({ text: "Hello" });
    expect(client.getQueryData<LeadDetailResponse>(leadDetailKey(id))!.timeline.map((e) => e.id)).toContain("n1");
  });
});
