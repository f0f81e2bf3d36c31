import { Building2, Clock, MailWarning } from "lucide-react";
import type { LeadFit } from "@shared/api/lead-desk-api";
import { ENTERPRISE_FIT_LABEL } from "@shared/schemas/lead-fit";
import { leadStatusLabels, type LeadStatus } from "@shared/schemas/lead-desk";
import { Badge } from "~/components/ui/badge";

/** Tones only support the words: every status is named in text. */
const statusVariants: Record<LeadStatus, "default" | "outline" | "success" | "solid"> = {
  new: "default",
  contacted: "outline",
  meeting_booked: "success",
  meeting_held: "success",
  no_show: "outline",
  unqualified: "outline",
  won: "solid",
  lost: "outline",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={statusVariants[status] ?? "outline"} className="whitespace-nowrap" data-testid="lead-status">
      {leadStatusLabels[status] ?? status}
    </Badge>
  );
}

/** Still New past the first-contact target: a word and an icon, not a colour alone. */
export function OverdueBadge() {
  return (
    <Badge variant="warning" className="whitespace-nowrap" data-testid="lead-overdue">
      <Clock className="size-3.5" aria-hidden="true" />
      Overdue
    </Badge>
  );
}

/**
 * The lead's fit labels ("Enterprise fit", "Free e-mail", "Disposable e-mail"; docs/decisions/0710)
 * as words with an icon. A signal for staff, not a verdict: nothing is refused for it.
 */
export function FitBadges({ fit }: { fit: LeadFit }) {
  return fit.labels.map((label) => (
    <Badge key={label} variant={label === ENTERPRISE_FIT_LABEL ? "solid" : "outline"} className="whitespace-nowrap" data-testid="lead-fit">
      {label === ENTERPRISE_FIT_LABEL ? <Building2 className="size-3.5" aria-hidden="true" /> : <MailWarning className="size-3.5" aria-hidden="true" />}
      {label}
    </Badge>
  ));
}
