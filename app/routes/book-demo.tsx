import * as React from "react";
import type { Route } from "./+types/book-demo";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/marketing/section";
import { HydrateOnIntent } from "~/components/hydrate-on-intent";
import { NativeFormStateContext } from "~/features/lead-capture/native-form-state";
import { nativeFormAction, nativeFormHeaders } from "~/features/lead-capture/native-form-action";
import { retryingImport } from "~/lib/lazy-import";
import { bookingDialog } from "~/content/booking-dialog";
import { pageMeta } from "~/lib/seo";
import { bookDemoSection, paths } from "@shared/site-routes";

// Retried when its chunk fails; after that, HydrateOnIntent leaves the prerendered form as
// plain HTML, which posts natively (docs/decisions/0501).
const loadBookingPageForm = retryingImport(() => import("~/features/booking/booking-page-form"));
const BookingPageForm = React.lazy(() => loadBookingPageForm().then((m) => ({ default: m.BookingPageForm })));

export const meta: Route.MetaFunction = () => pageMeta(paths.bookDemo);

/** A native post of the page's form, sent to the lead intake (docs/decisions/0501). */
export const action = nativeFormAction("booking");
export const headers = nativeFormHeaders;

/**
 * The booking dialog's form as a page: where every Book demo button leads when the dialog cannot
 * open (JavaScript off or blocked, or its code failed to load). The form posts natively here and
 * the server answers with the thank-you state or the errors (docs/decisions/0501).
 */
export default function BookDemoPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={bookingDialog.title} lead={bookingDialog.description} />
      <Section className="-mt-6 pt-0">
        <div id={bookDemoSection} className="mx-auto max-w-2xl scroll-mt-20 rounded-2xl border border-border bg-background p-5 shadow-sm sm:p-8">
          <HydrateOnIntent>
            <NativeFormStateContext.Provider value={actionData ?? null}>
              <BookingPageForm />
            </NativeFormStateContext.Provider>
          </HydrateOnIntent>
        </div>
      </Section>
    </>
  );
}
