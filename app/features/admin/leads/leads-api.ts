import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LeadDeskSummary, LeadExportBody, LeadListBody, LeadsPage, LeadSummary } from "@shared/api/lead-desk-api";
import type { LeadFilters } from "@shared/schemas/lead-desk";
import { adminJson, downloadAdminExport } from "../api-client";

export type { LeadDeskSummary, LeadsPage, LeadSummary };

/** Every query of the lead desk starts with this: a change to a lead refreshes them all. */
export const leadDeskKey = ["admin", "leads"] as const;
export const leadSummaryKey = [...leadDeskKey, "summary"] as const;

/** How often an open inbox or dashboard asks again, as the "waiting …" texts move on (lead-wait.ts). */
export const INBOX_REFRESH_MS = 60_000;

/**
 * One page of the inbox. A POST with the filters in its body (docs/decisions/0701): the search
 * text is a name or an e-mail, which must not be in a URL.
 */
export function useLeads(filters: LeadFilters, cursor: string | null) {
  return useQuery({
    queryKey: [...leadDeskKey, "list", filters, cursor],
    queryFn: () => {
      const body: LeadListBody = { ...filters, ...(cursor ? { cursor } : {}) };
      return adminJson<LeadsPage>("/leads/search", { method: "POST", body: JSON.stringify(body) });
    },
    placeholderData: keepPreviousData,
    // An inbox left open keeps up: new leads appear, and leads that pass the target turn overdue.
    refetchInterval: INBOX_REFRESH_MS,
  });
}

/** The dashboard's counts, kept up to date like the inbox. */
export function useLeadSummary() {
  return useQuery({ queryKey: leadSummaryKey, queryFn: () => adminJson<LeadDeskSummary>("/leads/summary"), refetchInterval: INBOX_REFRESH_MS });
}

/** Downloads the CSV of the current filters, search included (in the body, never the URL). */
export async function downloadLeadsCsv(filters: LeadExportBody): Promise<void> {
  return downloadAdminExport("/leads/export", filters, "leads.csv");
}
