import * as React from "react";
import { Link } from "react-router";
import { CalendarCheck, Mail } from "lucide-react";
import type { Route } from "./+types/booking-success";
import { ActionRow } from "~/components/layout/action-row";
import { Button } from "~/components/ui/button";
import { bookingSuccess } from "~/content/booking-success";
import { pageMeta } from "~/lib/seo";
import { track } from "~/lib/analytics";
import { sendLeadConversion } from "~/features/consent/consent";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { paths } from "@shared/site-routes";
import { moveBookerOutOfUrl, readBooker } from "~/features/lead-capture/booker-storage";

export const meta: Route.MetaFunction = () => pageMeta(paths.bookingSuccess);

type Greeting = { name: string; email: string | null };

/**
 * The confirmation page after a booking. Prerendered like every public page, so who booked is read
 * in the browser after hydration: the query's `name` and `email` (a scheduler's own redirect) are
 * moved out of the address bar into this tab's session storage first, where the booking dialog's
 * redirect leaves them too, so no tag or pixel reads them from the URL (docs/decisions/0104).
 * booking_completed and the conversions fire once then, without the name or e-mail.
 */
export default function BookingSuccessPage() {
  // null while prerendering and hydrating, then who booked.
  const [booker, setBooker] = React.useState<Greeting | null>(null);
  const fired = React.useRef(false);
  React.useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    moveBookerOutOfUrl();
    const stored = readBooker();
    setBooker({ name: stored.name ?? bookingSuccess.defaultName, email: stored.email });
    track("booking_completed", { timestamp: new Date().toISOString() });
    // GA4 generate_lead and Meta Lead, only where configured and consented to.
    sendLeadConversion();
  }, []);

  const { supportEmail } = getRuntimeConfig();
  return (
    <section className="bg-muted">
      <div className="mx-auto grid max-w-2xl justify-items-center gap-6 px-4 py-16 text-center sm:py-24">
        <span className="grid size-16 place-items-center rounded-full bg-primary-soft text-primary">
          <CalendarCheck className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {bookingSuccess.thanks(booker?.name ?? null)}
        </h1>
        <p className="max-w-prose text-lg text-muted-foreground" aria-live="polite">
          {bookingSuccess.booked}{" "}
          {booker?.email ? (
            <>
              {bookingSuccess.invitationTo} <strong className="text-foreground [overflow-wrap:anywhere]">{booker.email}</strong>.
            </>
          ) : (
            bookingSuccess.invitationWithoutEmail
          )}
        </p>
        <ul className="grid max-w-prose gap-2 text-muted-foreground">
          {bookingSuccess.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <ActionRow>
          <Button asChild size="lg">
            <Link to={paths.home}>{bookingSuccess.homeLabel}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.features}>{bookingSuccess.featuresLabel}</Link>
          </Button>
        </ActionRow>
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
          <Mail className="size-4" aria-hidden="true" />
          {bookingSuccess.changeSomething}{" "}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-primary underline underline-offset-4">
            {supportEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
