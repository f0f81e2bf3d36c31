import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import type { AuditEntry, AuditLogResponse, InvitationRecord } from "@shared/api/admin-api";
import { formatDateTime } from "../format";
import { UsersView } from "./users-view";

const invitation = (overrides: Partial<InvitationRecord>): InvitationRecord => ({
  id: "3f1c2b7a-9d84-4e51-a0c6-5b2e8d7f1a90",
  email: "rep@example.com",
  role: "moderator",
  sentAt: "2026-03-01T09:00:00.000Z",
  expiresAt: "2026-03-08T09:00:00.000Z",
  expired: false,
  invitedBy: "owner@example.com",
  ...overrides,
});

/** The users page with its pending invitations already loaded, as the shared query would hold them. */
const render = (items: InvitationRecord[]) => renderScreen(<UsersView />, { data: [[["admin", "invitations"], items]] });

/** The text of each invitation row, tags removed. */
const rows = (html: string) =>
  [...html.matchAll(/<li[^>]*data-testid="invitation-row"[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());

describe("pending invitations on the users page", () => {
  it("says Expired for a link past its expiry, and when a live one expires, each with Resend and Revoke", () => {
    const live = invitation({});
    const late = invitation({ id: "0b9e6d5c-4a3f-4e21-9c8b-7a6f5e4d3c2b", email: "late@example.com", expired: true });
    const [first, second] = rows(render([live, late]));
    expect(first).toContain("rep@example.com");
    expect(first).toContain(`Expires ${formatDateTime(live.expiresAt)}`);
    expect(first).not.toContain("Expired");
    expect(second).toContain("late@example.com");
    expect(second).toContain("Expired");
    expect(second).not.toContain("Expires ");
    for (const row of [first, second]) expect(row).toMatch(/Resend.*Revoke/);
  });

  it("shows no list while there is no invitation", () => {
    expect(render([])).not.toContain("Pending invitations");
  });
});

describe("the audit log on the users page", () => {
  const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
    id: crypto.randomUUID(),
    createdAt: "2026-03-01T09:00:00.000Z",
    actorEmail: "owner@example.com",
    action: "role.assign",
    target: null,
    details: null,
    ...overrides,
  });
  /** The page with the log's first page (no filter) already loaded. */
  const renderLog = (page: AuditLogResponse) => renderScreen(<UsersView />, { data: [[["admin", "audit-log", {}, null], page]] });
  const auditRows = (html: string) =>
    [...html.matchAll(/<tr[^>]*data-testid="audit-row"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'").replace(/\s+/g, " ").trim());

  it("words each action, an erasure with its counts, and offers the filters and the next page", () => {
    const html = renderLog({
      items: [
        entry({ action: "privacy.erase", details: { leads: 2, auditEntries: 3 } }),
        entry({ action: "auth.sign-in.failed", actorEmail: "[erased]", details: { ip: "10.0.0.1", step: "password", reason: "no account with this e-mail" } }),
      ],
      nextCursor: "next-page",
    });
    const [erased, failed] = auditRows(html);
    expect(erased).toContain("Erased a person's data");
    expect(erased).toContain("leads: 2, auditEntries: 3");
    expect(failed).toContain("[erased]");
    expect(failed).toContain("Failed sign-in");
    expect(html).toMatch(/<form[^>]*aria-label="Filter the audit log"/);
    for (const label of ["Who", "What", "From", "To"]) expect(html).toContain(`>${label}</label>`);
    // Every action the log records can be chosen by its words.
    expect(html).toContain('<option value="lead.routing">Changed their lead routing</option>');
    expect(html).toMatch(/<button[^>]*>Next/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Next/);
  });
});
