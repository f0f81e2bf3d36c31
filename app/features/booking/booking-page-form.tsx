import * as React from "react";
import { CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ExternalLink } from "~/components/layout/external-link";
import { useNativeFormState } from "~/features/lead-capture/native-form";
import { BOOKING_SUCCESS_MESSAGE, BOOKING_SUCCESS_TITLE, BookingForm } from "./booking-form";

/**
 * The booking form on its own page (/book-demo), where a Book demo button leads when its dialog
 * cannot open: no JavaScript, or its code failed to load (docs/decisions/0501). After a
 * submission it shows the thank-you state with the prefilled scheduler link.
 */
export function BookingPageForm() {
  const native = useNativeFormState();
  const [done, setDone] = React.useState<{ url: string | null } | null>(
    native?.outcome === "stored" ? { url: native.schedulerUrl } : null,
  );
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (done && !native) heading.current?.focus();
  }, [done, native]);

  if (!done) return <BookingForm onSubmitted={setDone} placement="page" />;
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-xl border border-border bg-background p-8 text-center">
      <CircleCheck className="size-10 text-success" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {BOOKING_SUCCESS_TITLE}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{BOOKING_SUCCESS_MESSAGE}</p>
      {done.url ? (
        <Button asChild size="lg">
          <ExternalLink href={done.url}>Pick a time now</ExternalLink>
        </Button>
      ) : null}
    </div>
  );
}
