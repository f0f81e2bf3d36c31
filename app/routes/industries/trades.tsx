import type { Route } from "./+types/trades";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta(industryPages.trades.path);

export default function TradesIndustryPage() {
  return <IndustryPage content={industryPages.trades} />;
}
