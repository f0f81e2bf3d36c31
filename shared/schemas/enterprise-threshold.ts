/**
 * LEADS_ENTERPRISE_CALLS_PER_MONTH's default: above it a lead is an enterprise prospect
 * (docs/decisions/0710). A module of its own so that the runtime configuration, which every
 * page reads at start-up, imports this number and not the fit module's formatting.
 */
export const ENTERPRISE_CALLS_PER_MONTH_DEFAULT = 15_000;
