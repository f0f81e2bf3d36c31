import { leadFiltersSchema, type LeadFilters } from "@shared/schemas/lead-desk";
import { utcDaysBefore } from "@shared/utc-day";
import { fieldMessages } from "@shared/field-messages";

/**
 * The inbox's filters as its URL carries them (docs/decisions/0701), so a dashboard card or a
 * bookmark opens a filtered inbox. The free-text search is NOT among them: a name or an e-mail
 * typed into it must never land in a URL, a browser history or an access log; it lives in the
 * page's state and reaches the server in a POST body only.
 */
export type UrlFilters = Omit<LeadFilters, "q">;

/** The fields of the filter form, as text: what the form's controls hold. */
export type FilterDraft = {
  q: string;
  source: string;
  status: string;
  owner: string;
  fit: string;
  from: string;
  to: string;
  bookedFrom: string;
  overdue: boolean;
  notBooked: boolean;
};

export const emptyDraft: FilterDraft = { q: "", source: "", status: "", owner: "", fit: "", from: "", to: "", bookedFrom: "", overdue: false, notBooked: false };

const textKeys = ["source", "status", "owner", "fit", "from", "to", "bookedFrom"] as const;
const flagKeys = ["overdue", "notBooked"] as const;
/** Every key the URL may carry: `q` is deliberately absent. */
export const urlFilterKeys: readonly string[] = [...textKeys, ...flagKeys];

/** The form's fields as the URL query holds them (the search text is left as given). */
export function draftFromSearchParams(params: URLSearchParams, q = ""): FilterDraft {
  const draft: FilterDraft = { ...emptyDraft, q };
  for (const key of textKeys) draft[key] = params.get(key) ?? "";
  for (const key of flagKeys) draft[key] = params.get(key) === "1";
  return draft;
}

/**
 * The draft checked by the shared schema: the filters to send, or the messages to show beside the
 * fields (keyed like the fields). Empty fields and unticked boxes are simply absent.
 */
export function parseDraft(draft: FilterDraft): { ok: true; filters: LeadFilters } | { ok: false; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  for (const key of ["q", ...textKeys] as const) if (draft[key].trim() !== "") input[key] = draft[key];
  for (const key of flagKeys) if (draft[key]) input[key] = true;
  const parsed = leadFiltersSchema.safeParse(input);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, errors: fieldMessages(parsed.error.issues, "q") };
}

/**
 * What the URL says, checked: the valid filters, plus the messages of any that are not (a hand-
 * edited or outdated link), which the page shows beside their fields rather than failing. A bad
 * value filters nothing, and `q`, should a link carry one, is ignored.
 */
export function filtersFromSearchParams(params: URLSearchParams): { filters: UrlFilters; errors: Record<string, string> } {
  const result = parseDraft(draftFromSearchParams(params));
  if (result.ok) return { filters: result.filters, errors: {} };
  // Keep every filter that is valid on its own; drop those the schema named.
  const draft = draftFromSearchParams(params);
  for (const field of Object.keys(result.errors)) {
    if ((textKeys as readonly string[]).includes(field)) draft[field as (typeof textKeys)[number]] = "";
    if ((flagKeys as readonly string[]).includes(field)) draft[field as (typeof flagKeys)[number]] = false;
  }
  const rest = parseDraft(draft);
  return { filters: rest.ok ? rest.filters : {}, errors: result.errors };
}

/** The filters as a URL query: `q` never goes in, whatever the caller passes. */
export function searchParamsFromFilters(filters: LeadFilters | UrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of textKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const key of flagKeys) if (filters[key]) params.set(key, "1");
  return params;
}

/** A link into the inbox with these filters (the dashboard's cards). */
export function leadsHref(base: string, filters: UrlFilters): string {
  const query = searchParamsFromFilters(filters).toString();
  return query ? `${base}?${query}` : base;
}

/** The Monday that starts `date`'s week (ISO weeks, UTC). */
export function utcMonday(date: Date): string {
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return utcDaysBefore(date, sinceMonday);
}
