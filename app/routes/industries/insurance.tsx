import type { Route } from "./+types/insurance";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.industryInsurance);

export default function IndustriesInsurancePage() {
  return <PageHero title="Insurance" />;
}
