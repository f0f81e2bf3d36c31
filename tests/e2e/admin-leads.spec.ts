import crypto from "node:crypto";
import fs from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { calendlySignatureHeader } from "../../server/leads/calendly-signature";
import { axeViolations } from "./axe";
import { expectNoClassConflicts } from "./class-conflicts";
import { expect, signedInRequest, test } from "./fixtures";
import { holdRequests } from "./held-requests";
import { screenshotInParts } from "./screenshots";
import { expectNoHorizontalOverflow } from "./pages-support";
import { LEAD_DESK_CALENDLY_KEY, staffAccounts } from "./servers";

/**
 * The lead desk's screens end to end (docs/decisions/0701), on this browser project's own lead-desk
 * server (global-setup.ts): an empty lead table, two admins, a first-contact target of 1.2 s and
 * Calendly's webhook on. Leads arrive through the real public endpoints; a meeting is booked by a
 * signed Calendly delivery. One long test works the desk at desktop width (the steps build on each
 * other); a shorter one at phone width checks what differs on a phone: lists as readable cards,
 * filters behind "More filters", a lead page and the dashboard without sideways scrolling, a lead
 * moved by a tap. The logic behind the screens is the same at both widths (docs/decisions/0401).
 *
 * LEAD_DESK_SCREENSHOTS=<dir> also saves the inbox, a lead page and the dashboard there.
 */
const { admin, colleague } = staffAccounts;
const shots = process.env.LEAD_DESK_SCREENSHOTS;

let base = "";
let width = "";
test.beforeEach(async ({ servers }, info) => {
  base = servers.leadDesk[info.project.name as "desktop" | "phone"].url;
  width = String(info.project.use.viewport?.width ?? "");
});

const screenshot = (page: Page, name: string) => screenshotInParts(page, shots, `${name}-${width}`);

async function post(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  const res = await request.post(`${base}${url}`, { headers: { Origin: base }, data: { idempotency_key: `e2e-${crypto.randomUUID()}`, ...data } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { success: true; reference?: string };
}

/** A staff member's "Taking leads" switch, through the API the switch uses (docs/decisions/0711). */
async function setTakingLeads(request: APIRequestContext, takingLeads: boolean) {
  const data = { takingLeads, enterpriseRotation: false, timeZone: "UTC", workDays: null, workStart: null, workEnd: null };
  const res = await request.put(`${base}/api/admin/leads/routing/me`, { headers: { Origin: base }, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A signed Calendly delivery: the invitee booked, with the reference the scheduler link carried. */
async function calendlyBooked(request: APIRequestContext, reference: string, startsAt: string) {
  const id = crypto.randomUUID();
  const body = JSON.stringify({
    event: "invitee.created",
    payload: {
      uri: `https://api.calendly.com/scheduled_events/ev-${id}/invitees/inv-${id}`,
      email: "someone@example.com",
      tracking: { utm_content: reference },
      scheduled_event: { uri: `https://api.calendly.com/scheduled_events/ev-${id}`, start_time: startsAt },
    },
  });
  const res = await request.post(`${base}/api/webhooks/calendly`, {
    headers: { "content-type": "application/json", "calendly-webhook-signature": calendlySignatureHeader(LEAD_DESK_CALENDLY_KEY, body) },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * axe on the page itself, with the toasts still on screen closed first: they are the shared
 * toaster's (app/components/ui/toaster.tsx, checked in admin-area.spec.ts and leads-contact.spec.ts),
 * and stacked ones on a phone cover the page being checked.
 */
async function pageAxeViolations(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  // One at a time, the front one: on a phone the others are stacked behind it.
  await expect(async () => {
    if ((await toasts.count()) > 0) await page.locator('[data-sonner-toast][data-front="true"] [data-close-button]').click({ timeout: 1_000 });
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  return axeViolations(page);
}

/**
 * Line breaks inside `element`'s text that fall mid-word: a line may start after a space or a
 * hyphen, or (in an e-mail address) at its @ or a dot, or where one block (a label) ends and the
 * next begins; anywhere else is a word broken in two. Measured from where the browser put each
 * character.
 */
async function midWordBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    // Each visible character, and whether a space (which takes no room at the end of a line) or a
    // block boundary comes just before it.
    const chars: { ch: string; top: number; height: number; node: Node; block: boolean; afterSpace: boolean }[] = [];
    let space = false;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const display = node.parentElement ? getComputedStyle(node.parentElement).display : "inline";
      const block = !display.startsWith("inline");
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!) && text[i] !== "\u00a0") {
          space = true;
          continue;
        }
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        chars.push({ ch: text[i]!, top: rect.top, height: rect.height, node, block, afterSpace: space });
        space = false;
      }
    }
    const bad: string[] = [];
    for (let i = 1; i < chars.length; i++) {
      const prev = chars[i - 1]!;
      const cur = chars[i]!;
      if (cur.top - prev.top < prev.height / 2) continue;
      const betweenBlocks = prev.node !== cur.node && (prev.block || cur.block);
      const allowed = betweenBlocks || cur.afterSpace || prev.ch === "-" || /[@.]/.test(cur.ch);
      if (!allowed) bad.push(chars.slice(Math.max(0, i - 8), i).map((c) => c.ch).join("") + "|" + chars.slice(i, i + 8).map((c) => c.ch).join(""));
    }
    return bad;
  });
}

/** The phone checks of a list: no sideways scrolling, and no name or e-mail broken mid-word. */
async function expectReadableRows(page: Page, rows: Locator) {
  await expectNoHorizontalOverflow(page);
  for (const row of await rows.all()) {
    for (const text of await row.locator("a, [title], .font-medium, .font-semibold").all()) {
      expect(await midWordBreaks(text), (await text.textContent()) ?? "").toEqual([]);
    }
  }
}

// Names long enough to wrap in a phone's card; e-mail addresses that cannot fit on one line.
const leads = {
  ada: { name: "Ada Booking", work_email: "ada@booking.example", company_name: "Ada Plumbing", job_title: "Owner", total_calls: 120 },
  ben: {
    source_form: "enterprise_inline",
    name: "Ben Enterprise",
    work_email: "ben@bigco.example",
    company_name: "BigCo",
    job_title: "CIO",
    ai_goal: "Route every support call",
    total_calls: null,
    attribution: { utm_source: "linkedin", utm_campaign: "q3-enterprise", page_path: "/enterprise" },
  },
  cleo: {
    name: "Cleopatra Philopator",
    email: "cleopatra.philopator-the-seventh@alexandria-royal-library.example",
    company: "Royal Library of Alexandria",
    role: "Head librarian",
    industry: "law",
    notes: "Call me after three.",
  },
  max: {
    name: "Maximiliane Rosenkranz-Oberhausen",
    work_email: "maximiliane.rosenkranz-oberhausen@steuerberatung-oberhausen.example",
    company_name: "Steuerberatung Rosenkranz-Oberhausen und Partner",
    job_title: "Managing partner",
    total_calls: 300,
  },
};

test("the lead desk: inbox, filters and search, a lead worked with a stale edit recovered, export, dashboard", async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  browserErrors.allow(/status of 409/, "the stale edit the test provokes answers 409");

  // The inbox while it loads, and empty: this server has no lead yet.
  await signedInRequest(page.request, base, admin);
  // Nobody takes leads here: they arrive Unassigned and are given out by hand (routing: the phone test).
  await setTakingLeads(page.request, false);
  const colleagueRequest = await playwright.request.newContext();
  await signedInRequest(colleagueRequest, base, colleague);
  await setTakingLeads(colleagueRequest, false);
  await colleagueRequest.dispose();
  const release = await holdRequests(page, "**/api/admin/leads/search");
  await page.goto(`${base}/admin/leads`);
  await expect(page.getByTestId("leads-loading")).toBeVisible();
  await release();
  await expect(page.getByTestId("leads-empty")).toContainText("No leads yet.");

  // Four leads, oldest first, through the public endpoints; Ada books a meeting through Calendly.
  const ada = await post(page.request, "/api/submit-booking", { tcpa_consent: true, ...leads.ada });
  await post(page.request, "/api/submit-booking", { tcpa_consent: true, ...leads.ben });
  await post(page.request, "/api/contact", leads.cleo);
  await post(page.request, "/api/submit-booking", { tcpa_consent: true, ...leads.max });
  const meeting = new Date(Date.now() + 2 * 86_400_000);
  meeting.setUTCHours(15, 0, 0, 0);
  await calendlyBooked(page.request, ada.reference!, meeting.toISOString());
  // The three New leads pass the 1.2 s first-contact target: wait until the server counts them overdue.
  await expect
    .poll(async () => ((await (await page.request.get(`${base}/api/admin/leads/summary`)).json()) as { overdue: number }).overdue, { timeout: 10_000 })
    .toBe(3);

  await page.reload();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link").first()).toHaveText("Leads");
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(4);
  // Newest first, with source and status in words.
  await expect(rows.nth(0)).toContainText(leads.max.name);
  await expect(rows.nth(1)).toContainText(leads.cleo.name);
  await expect(rows.nth(1)).toContainText("Contact form");
  await expect(rows.nth(1).getByTestId("lead-status")).toHaveText("New");
  await expect(rows.nth(2)).toContainText("Enterprise form");
  await expect(rows.nth(3).getByTestId("lead-status")).toHaveText("Meeting booked");
  await expect(rows.nth(3)).toContainText("Booking dialog");
  await expect(rows.nth(3)).toContainText(/waited (less than 1\smin|\d+\smin)/);
  await expect(rows.nth(0).getByTestId("lead-wait")).toContainText("waiting");
  // Past the 1.2 s target while New: marked in words.
  await expect(rows.nth(0).getByTestId("lead-overdue")).toHaveText("Overdue");
  await expect(rows.nth(3).getByTestId("lead-overdue")).toHaveCount(0);
  await expectNoClassConflicts(page);
  expect(await pageAxeViolations(page)).toEqual([]);
  await screenshot(page, "inbox");

  // The search stays out of the URL; the other filters go in it.
  await page.getByLabel("Search").fill("alexandria");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(leads.cleo.name);
  expect(page.url()).toBe(`${base}/admin/leads`);
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Source").selectOption("enterprise_inline");
  await screenshot(page, "inbox-filters");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(`${base}/admin/leads?source=enterprise_inline`);
  await expect(rows).toHaveCount(1);

  // Ben's page: what he gave, the evidence, the work on it.
  await rows.first().getByRole("link", { name: leads.ben.name }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  const leadId = page.url().split("/").pop()!;
  await expect(page.getByTestId("lead-name")).toHaveText(leads.ben.name);
  await expect(page.getByTestId("lead-submission")).toContainText("Route every support call");
  await expect(page.getByTestId("lead-evidence")).toContainText("linkedin");
  await expect(page.getByTestId("lead-evidence")).toContainText("q3-enterprise");
  await expect(page.getByTestId("lead-evidence")).toContainText("2026-11-tcpa-v1");
  const moves = page.getByTestId("lead-move");
  await expect(moves).toHaveText(["Contacted", "Meeting booked", "Unqualified", "Lost"]);
  const timeline = page.getByTestId("timeline-entry");
  await expect(timeline.last()).toContainText("Lead received from the enterprise form");

  await moves.filter({ hasText: "Contacted" }).click();
  await expect(toast(page, "Status changed to Contacted")).toBeVisible();
  await expect(page.getByTestId("lead-work").getByTestId("lead-status")).toHaveText("Contacted");
  await expect(timeline.first()).toContainText(`Status changed New → Contacted`);
  await expect(timeline.first()).toContainText(admin.email);
  await expect(page.getByTestId("lead-page-wait")).toContainText("waited");

  await page.getByLabel("Owner", { exact: true }).selectOption({ label: colleague.email });
  await page.getByRole("button", { name: "Save owner" }).click();
  await expect(toast(page, `Owner set to ${colleague.email}`)).toBeVisible();
  await expect(timeline.first()).toContainText(`Owner changed Unassigned → ${colleague.email}`);

  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write a note")).toBeVisible();
  await page.getByLabel("Add a note").fill("Spoke to Ben.\nSends the RFP on Monday.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(toast(page, "Note added")).toBeVisible();
  await expect(timeline.first()).toContainText("Spoke to Ben.");
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  expect(await pageAxeViolations(page)).toEqual([]);
  await expectNoClassConflicts(page);
  await screenshot(page, "lead");

  // Someone else moves the lead while this page shows it: the page's next change is stale.
  const other = await playwright.request.newContext();
  await signedInRequest(other, base, colleague);
  const current = (await (await other.get(`${base}/api/admin/leads/${leadId}`)).json()) as { lead: { version: number } };
  const theirs = await other.patch(`${base}/api/admin/leads/${leadId}`, { headers: { Origin: base }, data: { version: current.lead.version, status: "unqualified" } });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await moves.filter({ hasText: "Lost" }).click();
  await expect(toast(page, "Someone else changed this lead")).toBeVisible();
  await expect(page.getByTestId("lead-conflict")).toContainText("Nothing was overwritten");
  await expect(page.getByTestId("lead-conflict")).toContainText("It is now Unqualified");
  await expect(page.getByTestId("lead-work").getByTestId("lead-status")).toHaveText("Unqualified");
  await expect(moves).toHaveText(["Contacted"]);
  await expectNoClassConflicts(page);
  await screenshot(page, "lead-conflict");
  await expect(timeline.first()).toContainText("Status changed Contacted → Unqualified");
  await expect(timeline.first()).toContainText(colleague.email);
  const after = (await (await other.get(`${base}/api/admin/leads/${leadId}`)).json()) as { lead: { status: string } };
  expect(after.lead.status).toBe("unqualified");
  await other.dispose();
  // The page works on from the current version, by keyboard too: focus then lands on the lead's
  // new status (the pressed button is gone), with its ring showing.
  await moves.filter({ hasText: "Contacted" }).focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Status changed to Contacted")).toBeVisible();
  await expect(page.getByTestId("lead-conflict")).toHaveCount(0);
  const status = page.getByTestId("lead-work").locator("p[tabindex='-1']");
  await expect(status).toBeFocused();
  await expect(status).toContainText("Contacted");
  expect(await status.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");

  // Back in the inbox: the export holds the filtered leads.
  await page.getByRole("link", { name: "All leads" }).click();
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Search").fill("example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(4);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  for (const lead of Object.values(leads)) expect(csv).toContain(lead.name);
  expect(csv).toContain("Contacted");

  // The dashboard: the counts, each card opening the inbox filtered to what it counts.
  await page.goto(`${base}/admin/dashboard`);
  const count = (key: string) => page.getByTestId(`lead-card-${key}`).getByTestId("lead-card-count");
  await expect(count("newToday")).toHaveText("4");
  await expect(count("awaitingFirstContact")).toHaveText("2");
  await expect(page.getByTestId("lead-card-overdue")).toHaveText("2 overdue");
  await expect(count("meetingsBookedThisWeek")).toHaveText("1");
  // Booking and enterprise leads without a meeting: Ben and Maximiliane (Cleo wrote through the contact form).
  await expect(count("submittedNotBooked")).toHaveText("2");
  await expect(page.getByTestId("analytics-card")).toHaveAttribute("href", "/admin/analytics?range=7d");
  await expectNoHorizontalOverflow(page);
  await expectNoClassConflicts(page);
  await screenshot(page, "dashboard");

  await page.getByRole("link", { name: "Awaiting first contact" }).click();
  await expect(page).toHaveURL(`${base}/admin/leads?status=new`);
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await page.getByTestId("lead-card-overdue").click();
  await expect(page).toHaveURL(`${base}/admin/leads?overdue=1`);
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId("lead-overdue")).toHaveCount(2);
  await page.goBack();
  await page.getByRole("link", { name: "Meetings booked this week" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(leads.ada.name);
  await page.goBack();
  await page.getByRole("link", { name: "Submitted, not booked" }).click();
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await page.getByRole("link", { name: "New leads today" }).click();
  await expect(rows).toHaveCount(4);

  // The bookings list: the three inquiries from the booking dialog and the enterprise form.
  await page.goto(`${base}/admin/bookings`);
  const bookings = page.getByTestId("booking-row");
  await expect(bookings).toHaveCount(3);
  await expectNoClassConflicts(page);
  await screenshot(page, "bookings");
});

test("on a phone: the inbox and bookings as readable cards, filters behind More filters, a lead moved by a tap, routing", { tag: "@phone-width" }, async ({
  page,
  playwright,
}) => {
  test.setTimeout(60_000);
  await signedInRequest(page.request, base, admin);
  // The colleague is out of the rotation, so every lead goes to the admin while they take leads.
  const colleagueRequest = await playwright.request.newContext();
  await signedInRequest(colleagueRequest, base, colleague);
  await setTakingLeads(colleagueRequest, false);
  await colleagueRequest.dispose();
  // Long names and e-mail addresses that cannot fit on one line of a phone's card; a free-mail
  // address and an enterprise-size volume for the fit labels (docs/decisions/0710).
  await post(page.request, "/api/submit-booking", { tcpa_consent: true, ...leads.ada, work_email: "ada.booking.e2e@gmail.com" });
  await post(page.request, "/api/contact", leads.cleo);
  await post(page.request, "/api/submit-booking", { tcpa_consent: true, ...leads.max, total_calls: 40_000 });

  await page.goto(`${base}/admin/leads`);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(leads.max.name);
  // The labels and the owner, as text in each card.
  await expect(rows.nth(0).getByTestId("lead-fit")).toHaveText(["Enterprise fit"]);
  await expect(rows.nth(2).getByTestId("lead-fit")).toHaveText(["Free e-mail"]);
  await expect(rows.nth(1).getByTestId("lead-fit")).toHaveCount(0);
  for (const i of [0, 1, 2]) await expect(rows.nth(i).getByTestId("lead-owner")).toHaveText(admin.email);
  await expectReadableRows(page, rows);
  await expectNoClassConflicts(page);
  expect(await pageAxeViolations(page)).toEqual([]);
  await screenshot(page, "inbox");

  // The filters other than the search wait behind one button.
  await expect(page.getByLabel("Source")).toBeHidden();
  await page.getByRole("button", { name: "More filters" }).click();
  await page.getByLabel("Source").selectOption("contact_form");
  await screenshot(page, "inbox-filters");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(`${base}/admin/leads?source=contact_form`);
  await expect(rows).toHaveCount(1);

  await rows.first().getByRole("link", { name: leads.cleo.name }).click();
  await expect(page.getByTestId("lead-name")).toHaveText(leads.cleo.name);
  await expect(page.getByTestId("lead-page-owner")).toHaveText(`Owner: ${admin.email}`);
  // The assignment and the lead are written by one statement, at one time: their order is not fixed.
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Owner assigned" })).toContainText(`Owner assigned Unassigned → ${admin.email} · rotation`);
  await page.getByTestId("lead-move").filter({ hasText: "Contacted" }).tap();
  await expect(toast(page, "Status changed to Contacted")).toBeVisible();
  await expect(page.getByTestId("lead-work").getByTestId("lead-status")).toHaveText("Contacted");
  await expectNoHorizontalOverflow(page);
  expect(await pageAxeViolations(page)).toEqual([]);
  await screenshot(page, "lead");

  await page.goto(`${base}/admin/dashboard`);
  await expect(page.getByTestId("lead-card-newToday").getByTestId("lead-card-count")).toHaveText("3");
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "dashboard");

  await page.goto(`${base}/admin/bookings`);
  const bookings = page.getByTestId("booking-row");
  await expect(bookings).toHaveCount(2);
  await expectReadableRows(page, bookings);
  await screenshot(page, "bookings");

  // "Taking leads" off: with nobody else in the rotation, the next lead stays Unassigned.
  await page.goto(`${base}/admin/leads`);
  const taking = page.getByRole("switch", { name: "Taking leads" });
  await expect(taking).toBeChecked();
  await expect(page.getByTestId("lead-routing-standing")).toHaveText("On: new leads come to you in turn.");
  await taking.tap();
  await expect(taking).not.toBeChecked();
  await expect(page.getByTestId("lead-routing-standing")).toHaveText("Off: new leads skip you.");
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "inbox-routing");
  await post(page.request, "/api/contact", { ...leads.cleo, email: "after-switch@alexandria-royal-library.example" });
  await page.reload();
  await expect(page.getByRole("switch", { name: "Taking leads" })).not.toBeChecked();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByTestId("lead-owner")).toHaveText("Unassigned");
});
