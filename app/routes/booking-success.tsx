import * as React from "react";
import { Link } from "react-router";
import { CalendarCheck, Mail } from "lucide-react";
import type { Route } from "./+types/booking-success";
import { ActionRow } from "~/components/layout/action-row";
import { Button } from "~/components/ui/button";
import { terms } from "~/content/pricing";
import { pageMeta } from "~/lib/seo";
import { track } from "~/lib/analytics";
import { sendLeadConversion } from "~/features/consent/consent";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.bookingSuccess);

/** Used when the link carries no name (spec: "a default is used when absent"). */
export const DEFAULT_BOOKING_NAME = "Guest";

type Booker = { name: string; email: string | null };

const subscribeToNothing = () => () => {};

/**
 * The confirmation page after a booking. Prerendered like every public page, so the query
 * (name, email) is read in the browser after hydration; the analytics events fire once then.
 */
export default function BookingSuccessPage() {
  // The query exists only in the browser: null while prerendering and hydrating, then the URL's.
  const search = React.useSyncExternalStore(subscribeToNothing, () => window.location.search, () => null);
  const booker = React.useMemo<Booker | null>(() => {
    if (search === null) return null;
    const params = new URLSearchParams(search);
    return {
      name: params.get("name")?.trim().slice(0, 100) || DEFAULT_BOOKING_NAME,
      email: params.get("email")?.trim().slice(0, 255) || null,
    };
  }, [search]);

  const fired = React.useRef(false);
  React.useEffect(() => {
    if (!booker || fired.current) return;
    fired.current = true;
    track("booking_completed", { timestamp: new Date().toISOString(), email: booker.email, name: booker.name });
    // GA4 generate_lead and Meta Lead, only where configured and consented to.
    sendLeadConversion();
  }, [booker]);

  const { supportEmail } = getRuntimeConfig();
  return (
    <section className="bg-muted">
      <div className="mx-auto grid max-w-2xl justify-items-center gap-6 px-4 py-16 text-center sm:py-24">
        <span className="grid size-16 place-items-center rounded-full bg-primary-soft text-primary">
          <CalendarCheck className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {booker ? `Thank you, ${booker.name}!` : "Thank you!"}
        </h1>
        <p className="max-w-prose text-lg text-muted-foreground" aria-live="polite">
          Your call is booked.{" "}
          {booker?.email ? (
            <>
              A calendar invitation is on its way to <strong className="text-foreground [overflow-wrap:anywhere]">{booker.email}</strong>.
            </>
          ) : (
            "A calendar invitation is on its way to your inbox."
          )}
        </p>
        <ul className="grid max-w-prose gap-2 text-muted-foreground">
          <li>We'll contact you within {terms.contactWithinHours} hours to confirm the details.</li>
          <li>Bring a rough idea of your call volume and the questions callers ask most.</li>
        </ul>
        <ActionRow>
          <Button asChild size="lg">
            <Link to={paths.home}>Back to Home</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.features}>Explore features</Link>
          </Button>
        </ActionRow>
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
          <Mail className="size-4" aria-hidden="true" />
          Need to change something? Email{" "}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-primary underline underline-offset-4">
            {supportEmail}
          </a>
        </p>
      </div>
    </section>
  );
}
