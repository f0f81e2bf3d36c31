import type { Route } from "./+types/pricing";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.pricing);

export default function PricingPage() {
  return <PageHero title="Pricing" />;
}
