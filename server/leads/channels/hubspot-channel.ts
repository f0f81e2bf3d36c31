import type { Db } from "../../db/client";
import { DeliveryError } from "../../platform/delivery-error";
import { createHubSpotChannel } from "../hubspot";
import type { LeadChannel, NotifierConfig } from "./lead-delivery";

/**
 * The `hubspot` channel: the hand-off of a lead to HubSpot (hubspot.ts, docs/decisions/0720). On
 * with HUBSPOT_ACCESS_TOKEN and a database, where it keeps the record ids on the lead.
 */
export function createHubSpotLeadChannel(config: NotifierConfig, db: Db | undefined): LeadChannel {
  const hubspot = config.hubspot && db ? createHubSpotChannel(config.hubspot, db) : null;
  return {
    channel: "hubspot",
    configured: hubspot !== null,
    async deliver(delivery, signal) {
      if (!hubspot) throw new DeliveryError("NOT_CONFIGURED", "hubspot channel is not configured (HUBSPOT_ACCESS_TOKEN)");
      return hubspot.deliver(delivery, signal);
    },
  };
}
