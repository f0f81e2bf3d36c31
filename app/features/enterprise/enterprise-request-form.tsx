import * as React from "react";
import { toast } from "~/lib/toast";
import { CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ExternalLink } from "~/components/layout/external-link";
import { useNativeFormState } from "~/features/lead-capture/native-form-state";
import { enterpriseRequestSection, paths } from "@shared/site-routes";
import { EnterpriseLeadForm } from "./enterprise-lead-form";

export const INLINE_SUCCESS_TOAST = "Request submitted!";

/** The inline enterprise request form on /enterprise, with its 'Request submitted' state. */
export function EnterpriseRequestForm() {
  const native = useNativeFormState();
  const [submitted, setSubmitted] = React.useState(native?.outcome === "stored");
  const confirmation = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (submitted) confirmation.current?.focus();
  }, [submitted]);

  if (submitted) {
    return (
      <div role="status" className="grid justify-items-center gap-3 rounded-xl border border-border bg-background p-8 text-center">
        <CircleCheck className="size-10 text-success" aria-hidden="true" />
        <h3 ref={confirmation} tabIndex={-1} className="text-xl font-bold outline-none">
          Request submitted
        </h3>
        <p className="max-w-prose text-sm text-muted-foreground">
          {native?.outcome === "stored"
            ? "Thanks! We'll contact you shortly to schedule your consultation, or pick a time now."
            : "Thanks! We'll contact you shortly to schedule your consultation. A scheduler opens so you can pick a time now."}
        </p>
        {native?.outcome === "stored" && native.schedulerUrl ? (
          <Button asChild size="lg">
            <ExternalLink href={native.schedulerUrl}>Pick a time now</ExternalLink>
          </Button>
        ) : null}
        {native ? (
          <Button asChild variant="outline">
            <a href={`${paths.enterprise}?again#${enterpriseRequestSection}`}>Submit another request</a>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => setSubmitted(false)}>
            Submit another request
          </Button>
        )}
      </div>
    );
  }
  return (
    <EnterpriseLeadForm
      variant="inline"
      submitLabel="Submit request"
      onSubmitted={() => {
        toast.success(INLINE_SUCCESS_TOAST);
        setSubmitted(true);
      }}
    />
  );
}
