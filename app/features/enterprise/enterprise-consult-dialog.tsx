import * as React from "react";
import { toast } from "~/lib/toast";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormSuspense } from "~/features/lead-capture/form-suspense";
import { collect } from "~/lib/collector";
import { lazyComponent, retryingImport } from "~/lib/lazy-import";
import { enterpriseRequestSection, paths } from "@shared/site-routes";

/**
 * Loaded when the dialog first opens, or warmed (app/lib/enterprise-consult.ts): /compare would
 * otherwise ship the whole form up front.
 */
const [EnterpriseLeadForm, loadEnterpriseLeadForm] = lazyComponent(
  retryingImport(() => import("./enterprise-lead-form")),
  (m) => m.EnterpriseLeadForm,
);
export { loadEnterpriseLeadForm };

export const ENTERPRISE_DIALOG_TITLE = "Book an enterprise consultation";
export const ENTERPRISE_SUCCESS_TITLE = "Success!";
export const ENTERPRISE_SUCCESS_MESSAGE =
  "Your enterprise consultation request has been submitted. We'll contact you shortly to schedule your consultation.";

/** Where the same request form works without this dialog's code: the inline form on /enterprise. */
export const ENTERPRISE_FORM_PAGE = `${paths.enterprise}#${enterpriseRequestSection}`;

/** The enterprise consultation dialog; its content unmounts on close, which resets the form. */
export function EnterpriseConsultDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Counted when on screen, as the booking dialog is (booking-dialog-content.tsx).
  React.useEffect(() => {
    if (open) collect("dialog_open", "enterprise_dialog");
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide" initialFocus="first-field">
        <DialogHeader>
          <DialogTitle>{ENTERPRISE_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            Tell us about your team and goals; we'll tailor the session to your
            use case.
          </DialogDescription>
        </DialogHeader>
        {/* On /enterprise the form's page is this one: the dialog closes to uncover its form. */}
        <FormSuspense fallbackHref={ENTERPRISE_FORM_PAGE} onFallback={() => onOpenChange(false)}>
          <EnterpriseLeadForm
            variant="dialog"
            submitLabel="Request consultation"
            onSubmitted={() => {
              toast.success(ENTERPRISE_SUCCESS_TITLE, {
                description: ENTERPRISE_SUCCESS_MESSAGE,
              });
              onOpenChange(false);
            }}
          />
        </FormSuspense>
      </DialogContent>
    </Dialog>
  );
}
