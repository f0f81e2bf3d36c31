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

// Loaded when the dialog first opens: /compare would otherwise ship the whole form up front.
const EnterpriseLeadForm = React.lazy(() =>
  import("./enterprise-lead-form").then((m) => ({
    default: m.EnterpriseLeadForm,
  })),
);

export const ENTERPRISE_DIALOG_TITLE = "Book an enterprise consultation";
export const ENTERPRISE_SUCCESS_TITLE = "Success!";
export const ENTERPRISE_SUCCESS_MESSAGE =
  "Your enterprise consultation request has been submitted. We'll contact you shortly to schedule your consultation.";

/** The enterprise consultation dialog; its content unmounts on close, which resets the form. */
export function EnterpriseConsultDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="wide">
        <DialogHeader>
          <DialogTitle>{ENTERPRISE_DIALOG_TITLE}</DialogTitle>
          <DialogDescription>
            Tell us about your team and goals; we'll tailor the session to your
            use case.
          </DialogDescription>
        </DialogHeader>
        <FormSuspense>
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
