import * as React from "react";
import { toast } from "~/lib/toast";
import { LeadDialog } from "~/features/lead-capture/lead-dialog";
import { retryingImport } from "~/lib/lazy-import";

/**
 * The form's code loads when the visitor turns to the open dialog's form, not with the page
 * (docs/decisions/0303): /compare would otherwise ship the whole form up front.
 */
const loadEnterpriseLeadForm = retryingImport(() => import("./enterprise-lead-form"));
const EnterpriseLeadForm = React.lazy(() => loadEnterpriseLeadForm().then((m) => ({ default: m.EnterpriseLeadForm })));

export const ENTERPRISE_DIALOG_TITLE = "Book an enterprise consultation";
export const ENTERPRISE_SUCCESS_TITLE = "Success!";
export const ENTERPRISE_SUCCESS_MESSAGE =
  "Your enterprise consultation request has been submitted. We'll contact you shortly to schedule your consultation.";

/**
 * The enterprise consultation dialog, prerendered with its consult button (docs/decisions/0501).
 * Without JavaScript its form posts to /enterprise, which answers in place of its inline form.
 */
export function EnterpriseConsultDialog({ id }: { id: string }) {
  return (
    <LeadDialog
      id={id}
      title={ENTERPRISE_DIALOG_TITLE}
      description="Tell us about your team and goals; we'll tailor the session to your use case."
      funnel="enterprise_dialog"
      form={(close) => (
        <EnterpriseLeadForm
          variant="dialog"
          idPrefix={id}
          submitLabel="Request consultation"
          onSubmitted={() => {
            toast.success(ENTERPRISE_SUCCESS_TITLE, { description: ENTERPRISE_SUCCESS_MESSAGE });
            close();
          }}
        />
      )}
    />
  );
}
