import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import type { InvitationRecord } from "@shared/api/admin-api";
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
