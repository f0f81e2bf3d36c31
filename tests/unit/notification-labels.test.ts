import { describe, expect, it } from "vitest";
import { describeTimelineEntry } from "../../app/features/admin/leads/lead-timeline";
import type { LeadTimelineEntry } from "@shared/api/lead-desk-api";

/*
 * The lead timeline and the undeliverable list name channels and topics from one table
 * (shared/notification-labels.ts): a channel or topic the server writes reads as words on a lead's
 * timeline, never as its internal name.
 */
const delivered = (channel: string, topic: string): LeadTimelineEntry => ({
  id: "e1",
  at: "2026-11-26T10:00:00.000Z",
  type: "notification_delivered",
  actor: null,
  data: { channel, topic },
});

describe("timeline notification words", () => {
  it.each([
    ["prospect_email", "prospect_reminder", "e-mail to the prospect · reminder to the prospect"],
    ["owner_email", "owner_assigned", "owner's e-mail · new owner paged"],
    ["slack", "enterprise_alert", "Slack · enterprise alert"],
    ["hubspot", "status_changed", "HubSpot · status change"],
  ])("%s about %s reads %j", (channel, topic, words) => {
    expect(describeTimelineEntry(delivered(channel, topic))).toMatchObject({ title: "Notification delivered", detail: words });
  });

  it("shows a name this build does not know as it is, not as nothing", () => {
    expect(describeTimelineEntry(delivered("fax", "lead_stored")).detail).toBe("fax · new lead");
  });
});
