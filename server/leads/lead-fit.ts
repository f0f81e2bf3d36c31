import MailChecker from "mailchecker";
import { DOMAINS as FREE_MAIL_DOMAINS } from "free-email-domains-list/build/src/constants.js";
import { fitTierOf, type EmailKind, type FitTier } from "@shared/schemas/lead-fit";

/**
 * A lead's fit at submit (docs/decisions/0710). The domain lists come from two maintained npm
 * packages, not from a list typed here: `mailchecker` (disposable and throwaway services) and
 * `free-email-domains-list` (free-mail providers). A domain on both counts as disposable, the
 * stronger signal. Subdomains count as their parent (`mx.mailinator.com` is mailinator.com).
 */

const DISPOSABLE_DOMAINS: ReadonlySet<string> = MailChecker.blacklist();

/** The address's domain, lowercased, without a trailing dot; "" when it has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).trim().toLowerCase().replace(/\.$/, "");
}

/** The domain and each parent with at least two labels: a.b.example.com, b.example.com, example.com. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join("."));
  return names;
}

export function emailKindOf(email: string): EmailKind {
  const names = domainAndParents(emailDomain(email));
  if (names.some((name) => DISPOSABLE_DOMAINS.has(name))) return "disposable";
  if (names.some((name) => FREE_MAIL_DOMAINS.has(name))) return "free";
  return "work";
}

export type LeadFit = { tier: FitTier; emailKind: EmailKind };

/** The fit of a lead with this address and, where the form asks it, calls per month. */
export function leadFitOf(email: string, callsPerMonth: number | null | undefined, enterpriseThreshold: number): LeadFit {
  return { tier: fitTierOf(callsPerMonth, enterpriseThreshold), emailKind: emailKindOf(email) };
}

/** For tests: the installed lists, to draw samples from. */
export const installedDomainLists = { disposable: DISPOSABLE_DOMAINS, free: FREE_MAIL_DOMAINS as ReadonlySet<string> };
