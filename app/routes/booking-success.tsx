import type { Route } from "./+types/booking-success";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.bookingSuccess);

export default function BookingSuccessPage() {
  return <PageHero title="You're booked" />;
}
