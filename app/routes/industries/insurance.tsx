import type { Route } from "./+types/insurance";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta(industryPages.insurance.path);

export default function InsuranceIndustryPage() {
  return <IndustryPage content={industryPages.insurance} />;
}
