import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AdminApiError } from "@shared/api/admin-api";
import type {
  LeadConflictResponse,
  LeadDetailResponse,
  LeadNoteBody,
  LeadNoteResponse,
  LeadSummary,
  LeadUpdateBody,
  LeadUpdateResponse,
} from "@shared/api/lead-desk-api";
import { adminJson, apiErrorOf } from "../api-client";
import { leadDeskKey } from "./leads-api";

export type { LeadDetailResponse };

export const leadDetailKey = (id: string) => [...leadDeskKey, "detail", id] as const;

export function useLead(id: string) {
  return useQuery({
    queryKey: leadDetailKey(id),
    queryFn: () => adminJson<LeadDetailResponse>(`/leads/${encodeURIComponent(id)}`),
  });
}

/**
 * The server refused a change made on an outdated copy of the lead (409 STALE_LEAD): someone, or
 * the scheduler, changed it first. `lead` is the lead as it is now; nothing was written.
 */
export class StaleLeadError extends Error {
  override name = "StaleLeadError";
  constructor(
    readonly lead: LeadSummary,
    message: string,
  ) {
    super(message);
  }
}

/**
 * PATCH /api/admin/leads/:id. Sent like api-client's adminRequest, but a 409 keeps its body: the
 * current lead, which the page shows in place of the outdated one.
 */
async function patchLead(id: string, body: LeadUpdateBody): Promise<LeadUpdateResponse> {
  const res = await fetch(`/api/admin/leads/${encodeURIComponent(id)}`, {
    method: "PATCH",
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // Not JSON (a proxy's page, an empty answer): the status alone.
  }
  if (res.ok) return json as LeadUpdateResponse;
  const envelope = (json ?? {}) as Partial<Record<keyof AdminApiError | "lead", unknown>>;
  if (res.status === 409 && envelope.code === "STALE_LEAD" && typeof envelope.lead === "object" && envelope.lead !== null) {
    const conflict = json as LeadConflictResponse;
    throw new StaleLeadError(conflict.lead, conflict.error);
  }
  throw apiErrorOf(res.status, json);
}

/** The lead page's copy with the lead's list fields (status, owner, version, …) as the server gave them. */
function withLead(queryClient: QueryClient, id: string, lead: LeadSummary) {
  queryClient.setQueryData<LeadDetailResponse>(leadDetailKey(id), (old) => (old ? { ...old, lead: { ...old.lead, ...lead } } : old));
}

/**
 * The change of status or owner, as TanStack Query mutation options (a function of the client so
 * a test can run it without React). After it, right or stale, the page holds the lead as the
 * server has it, and every lead-desk query (this page's timeline, the inbox, the dashboard) is
 * asked again.
 */
export function leadUpdateOptions(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (body: LeadUpdateBody) => patchLead(id, body),
    onSuccess: (data: LeadUpdateResponse) => {
      withLead(queryClient, id, data.lead);
      return queryClient.invalidateQueries({ queryKey: leadDeskKey });
    },
    onError: (error: Error) => {
      if (!(error instanceof StaleLeadError)) return;
      withLead(queryClient, id, error.lead);
      return queryClient.invalidateQueries({ queryKey: leadDeskKey });
    },
  };
}

export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation(leadUpdateOptions(queryClient, id));
}

/** A note: added at once to the page's timeline, then the lead desk's queries asked again. */
export function leadNoteOptions(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (body: LeadNoteBody) =>
      adminJson<LeadNoteResponse>(`/leads/${encodeURIComponent(id)}/notes`, { method: "POST", body: JSON.stringify(body) }),
    onSuccess: (data: LeadNoteResponse) => {
      queryClient.setQueryData<LeadDetailResponse>(leadDetailKey(id), (old) =>
        old && !old.timeline.some((e) => e.id === data.entry.id) ? { ...old, timeline: [...old.timeline, data.entry] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: leadDeskKey });
    },
  };
}

export function useAddLeadNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation(leadNoteOptions(queryClient, id));
}
