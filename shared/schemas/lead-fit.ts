/**
 * A lead's fit, worked out when it is stored (docs/decisions/0710): its size from the calls per
 * month the visitor gave, measured against the plan's included volume, and what kind of address
 * its e-mail is. Fit is a signal for staff: nothing is refused for it.
 */
import { formatCount } from "../number-format";

/**
 * The plan's included volume in calls per month: 100 inbound interactions a day
 * (docs/product.md#plan-inclusions) over the 30-day month the cost calculator uses. The pricing
 * content module holds both figures; a test checks this one against them.
 */
export const INCLUDED_CALLS_PER_MONTH = 100 * 30;

export { ENTERPRISE_CALLS_PER_MONTH_DEFAULT } from "./enterprise-threshold";

/**
 * Size tiers: no volume given; within the included volume (one plan covers it); above it, up to
 * the enterprise threshold (one plan with overflow handling, or a few); above the threshold.
 */
export const fitTiers = ["unknown", "within_plan", "above_plan", "enterprise"] as const;
export type FitTier = (typeof fitTiers)[number];

/** The e-mail's domain: a company's own, a free-mail provider's, a disposable service's. */
export const emailKinds = ["work", "free", "disposable"] as const;
export type EmailKind = (typeof emailKinds)[number];

export function fitTierOf(callsPerMonth: number | null | undefined, enterpriseThreshold: number): FitTier {
  if (callsPerMonth === null || callsPerMonth === undefined) return "unknown";
  if (callsPerMonth > enterpriseThreshold) return "enterprise";
  if (callsPerMonth > INCLUDED_CALLS_PER_MONTH) return "above_plan";
  return "within_plan";
}

/** The labels staff filter and scan by; these three words are a contract (scripts read them). */
export const ENTERPRISE_FIT_LABEL = "Enterprise fit";
export const FREE_EMAIL_LABEL = "Free e-mail";
export const DISPOSABLE_EMAIL_LABEL = "Disposable e-mail";

export const fitTierLabels: Record<FitTier, string> = {
  unknown: "Size not given",
  within_plan: "Within plan",
  above_plan: "Above plan",
  enterprise: ENTERPRISE_FIT_LABEL,
};

export const emailKindLabels: Record<EmailKind, string> = {
  work: "Work e-mail",
  free: FREE_EMAIL_LABEL,
  disposable: DISPOSABLE_EMAIL_LABEL,
};

/** The tier in words with its range, for the lead page ("Above plan (3,001-15,000 calls a month)"). */
export function fitTierDescription(tier: FitTier, enterpriseThreshold: number): string {
  switch (tier) {
    case "unknown":
      return fitTierLabels.unknown;
    case "within_plan":
      return `${fitTierLabels.within_plan} (up to ${formatCount(INCLUDED_CALLS_PER_MONTH)} calls a month)`;
    case "above_plan":
      return `${fitTierLabels.above_plan} (${formatCount(INCLUDED_CALLS_PER_MONTH + 1)}-${formatCount(enterpriseThreshold)} calls a month)`;
    case "enterprise":
      return `${fitTierLabels.enterprise} (over ${formatCount(enterpriseThreshold)} calls a month)`;
  }
}

/**
 * The labels a lead shows wherever it is listed or announced: only those that call for attention
 * (an enterprise prospect, a free-mail or disposable address), in this order.
 */
export function fitLabels(fit: { tier: FitTier; emailKind: EmailKind }): string[] {
  const labels: string[] = [];
  if (fit.tier === "enterprise") labels.push(ENTERPRISE_FIT_LABEL);
  if (fit.emailKind === "free") labels.push(FREE_EMAIL_LABEL);
  if (fit.emailKind === "disposable") labels.push(DISPOSABLE_EMAIL_LABEL);
  return labels;
}

/**
 * The fit in one line for staff notifications: the tier and the kind of address in words, so the
 * labels read exactly as in the inbox ("Enterprise fit · Free e-mail", "Within plan · Work e-mail").
 */
export function fitSummary(fit: { tier: FitTier; emailKind: EmailKind | null }): string {
  return `${fitTierLabels[fit.tier]} · ${fit.emailKind ? emailKindLabels[fit.emailKind] : "E-mail not checked"}`;
}

/** The inbox's fit filter: one value per label, and work e-mail (neither free nor disposable). */
export const fitFilterValues = ["enterprise", "free_email", "disposable_email", "work_email"] as const;
export type FitFilter = (typeof fitFilterValues)[number];
export const fitFilterLabels: Record<FitFilter, string> = {
  enterprise: ENTERPRISE_FIT_LABEL,
  free_email: FREE_EMAIL_LABEL,
  disposable_email: DISPOSABLE_EMAIL_LABEL,
  work_email: "Work e-mail",
};
