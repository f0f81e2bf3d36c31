import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../../tests/support/render-screen";
import type { UndeliverableNotification } from "@shared/api/admin-notifications-api";
import { NotificationsView } from "./notifications-view";

/** The undeliverable list names what each notification was about and links to its lead (decision 0704). */
const item = (overrides: Partial<UndeliverableNotification>): UndeliverableNotification => ({
  id: "5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
  leadKind: "booking_inquiry",
  leadId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  channel: "slack",
  topic: "follow_up",
  attempts: 12,
  lastError: "slack answered 404 no_service",
  createdAt: "2026-03-02T09:15:00.000Z",
  failedAt: "2026-03-02T11:40:00.000Z",
  ...overrides,
});

const render = (items: UndeliverableNotification[]) => renderScreen(<NotificationsView />, { data: [[["admin", "notifications"], { items, total: items.length }]] });

describe("undeliverable notifications by topic", () => {
  it("shows the channel and what the notification was about, with a link to the lead", () => {
    const html = render([
      item({}),
      item({ id: "0f1e2d3c-4b5a-4968-8776-655443322110", leadId: "11111111-2222-4333-8444-555555555555", channel: "prospect_email", topic: "prospect_reminder", lastError: "EAUTH 535 5.7.8 after AUTH PLAIN" }),
    ]);
    expect(html).toContain("Booking inquiry · Slack");
    expect(html).toContain("Follow-up: no meeting booked");
    expect(html).toContain("Booking inquiry · Email to the prospect");
    expect(html).toContain("Reminder to the prospect");
    expect(html).toContain('href="/admin/leads/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"');
    expect(html).toContain('href="/admin/leads/11111111-2222-4333-8444-555555555555"');
  });
});
