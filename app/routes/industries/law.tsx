import type { Route } from "./+types/law";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.industryLaw);

export default function IndustriesLawPage() {
  return <PageHero title="Law Firms" />;
}
