import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import type { UndeliverableNotification, UndeliverableNotificationsResponse } from "@shared/api/admin-notifications-api";
import { classConflicts } from "../../../../tests/support/class-conflicts";
import { UndeliverableNotificationsCard } from "./notifications-card";
import { NotificationsView } from "./notifications-view";

const item = (overrides: Partial<UndeliverableNotification> = {}): UndeliverableNotification => ({
  id: "5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
  leadKind: "booking_inquiry",
  leadId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  channel: "webhook",
  topic: "lead_stored",
  attempts: 12,
  lastError: "webhook answered 410",
  createdAt: "2026-03-02T09:15:00.000Z",
  failedAt: "2026-03-02T11:40:00.000Z",
  ...overrides,
});

/** The markup with the list already loaded, as the shared query would hold it. */
const render = (node: React.ReactNode, data: UndeliverableNotificationsResponse) => renderScreen(node, { data: [[["admin", "notifications"], data]] });

/** Class lists in `html` where one utility overrides another (tests/support/class-conflicts.ts). */
const conflictsIn = (html: string) => classConflicts([...html.matchAll(/class="([^"]*)"/g)].map(([, list]) => list!));

describe("undeliverable notifications page", () => {
  const two = {
    items: [item(), item({ id: "0f1e2d3c-4b5a-4968-8776-655443322110", leadKind: "contact_request", channel: "email", lastError: "EAUTH 535 5.7.8 after AUTH PLAIN" })],
    total: 2,
  };

  it("shows each as a card with lead kind, channel, attempts, when and last error, with Retry per card and Retry all", () => {
    const html = render(<NotificationsView />, two);
    expect(html).toContain("2 notifications could not be delivered");
    expect(html).toContain("Booking inquiry · Webhook");
    expect(html).toContain("Contact request · Email");
    expect(html).toContain("webhook answered 410");
    expect(html).toContain("EAUTH 535 5.7.8 after AUTH PLAIN");
    expect(html).toContain("Mar 2, 2026");
    expect(html.match(/data-testid="notification-item"/g)).toHaveLength(2);
    expect(html.match(/>Retry<\/button>/g)).toHaveLength(2);
    expect(html).toMatch(/Retry all<\/button>/);
    expect(html).toContain('href="/admin/bookings"');
  });

  // A phone reads cards top to bottom; a wide table would scroll sideways.
  it("uses no table and no fixed minimum width, and no utility overrides another", () => {
    const html = render(<NotificationsView />, two);
    expect(html).not.toContain("<table");
    expect(html).not.toMatch(/min-w-\[/);
    expect(html).toContain("[overflow-wrap:anywhere]");
    expect(conflictsIn(html)).toEqual([]);
  });

  it("says when the list holds only the most recent, and that Retry all covers every one", () => {
    const html = render(<NotificationsView />, { items: [item()], total: 130 });
    expect(html).toContain("130 notifications could not be delivered");
    expect(html).toContain("Showing the 1 most recent of 130. Retry all covers every one.");
  });

  it("has an empty state", () => {
    const html = render(<NotificationsView />, { items: [], total: 0 });
    expect(html).toContain("No undeliverable notifications.");
    expect(html).not.toContain("Retry all");
  });
});

describe("dashboard card", () => {
  it("appears only when some notification is undeliverable, and leads to the list", () => {
    expect(render(<UndeliverableNotificationsCard />, { items: [], total: 0 })).toBe("");
    const one = render(<UndeliverableNotificationsCard className="group block" />, { items: [item()], total: 1 });
    expect(one).toContain('href="/admin/notifications"');
    expect(one).toContain("1 undeliverable notification<");
    expect(conflictsIn(one)).toEqual([]);
    expect(render(<UndeliverableNotificationsCard />, { items: [item()], total: 3 })).toContain("3 undeliverable notifications");
  });

  it("shows nothing while the count is unknown", () => {
    expect(renderScreen(<UndeliverableNotificationsCard />)).toBe("");
  });
});
