import * as React from "react";
import { useNativeFormState } from "~/features/lead-capture/native-form-state";
import { BookingForm } from "./booking-form";
import { BookingThanks, type BookingSchedulers } from "./booking-thanks";

/**
 * The booking form on its own page (/book-demo), where a Book demo button leads when its dialog
 * cannot open: no JavaScript, or its code failed to load (docs/decisions/0501). After a
 * submission it shows the thank-you state with the prefilled scheduler links.
 */
export function BookingPageForm() {
  const native = useNativeFormState();
  const [done, setDone] = React.useState<BookingSchedulers | null>(
    native?.outcome === "stored" ? { url: native.schedulerUrl, enterpriseUrl: native.enterpriseSchedulerUrl } : null,
  );
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (done && !native) heading.current?.focus();
  }, [done, native]);

  if (!done) return <BookingForm onSubmitted={setDone} placement="page" />;
  return <BookingThanks schedulers={done} headingRef={heading} />;
}
