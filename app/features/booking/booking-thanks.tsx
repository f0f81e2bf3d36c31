import * as React from "react";
import { CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ExternalLink } from "~/components/layout/external-link";

export const BOOKING_SUCCESS_TITLE = "Success!";
export const BOOKING_SUCCESS_MESSAGE =
  "Your booking request has been submitted. We'll contact you shortly to confirm your 10-minute setup call.";

/**
 * The schedulers a stored booking is offered, each prefilled and carrying the lead's reference:
 * the demo's, and for an enterprise-fit lead the enterprise consultation's (docs/decisions/0710).
 * Null where the deployment's scheduler URL is no URL.
 */
export type BookingSchedulers = { url: string | null; enterpriseUrl: string | null };

export const ENTERPRISE_FIT_NOTE =
  "With this many calls a month, our enterprise team is the right first call: they plan volume pricing, integrations and rollout with you.";
export const ENTERPRISE_CONSULTATION_CHOICE = "Book an enterprise consultation";
export const DEMO_INSTEAD_CHOICE = "Book the standard demo instead";

/**
 * The thank-you state after a booking request: on /book-demo always, in the booking dialog for an
 * enterprise-fit lead (the dialog closes for everyone else, and the demo scheduler opens). The
 * heading takes focus when the state replaces the form, so a screen reader hears it.
 */
export function BookingThanks({ schedulers, headingRef }: { schedulers: BookingSchedulers; headingRef?: React.Ref<HTMLHeadingElement> }) {
  const { url, enterpriseUrl } = schedulers;
  return (
    <div role="status" className="grid justify-items-center gap-3 min-w-0 rounded-xl border border-border bg-background p-4 text-center sm:p-8">
      <CircleCheck className="size-10 text-success" aria-hidden="true" />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {BOOKING_SUCCESS_TITLE}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{BOOKING_SUCCESS_MESSAGE}</p>
      {enterpriseUrl ? (
        <>
          <p className="max-w-prose text-sm">{ENTERPRISE_FIT_NOTE}</p>
          <Button asChild size="choice">
            <ExternalLink href={enterpriseUrl}>{ENTERPRISE_CONSULTATION_CHOICE}</ExternalLink>
          </Button>
          {url ? (
            <Button asChild variant="outline" size="choice">
              <ExternalLink href={url}>{DEMO_INSTEAD_CHOICE}</ExternalLink>
            </Button>
          ) : null}
        </>
      ) : url ? (
        <Button asChild size="lg">
          <ExternalLink href={url}>Pick a time now</ExternalLink>
        </Button>
      ) : null}
    </div>
  );
}
