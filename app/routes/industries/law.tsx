import type { Route } from "./+types/law";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta(industryPages.law.path);

export default function LawIndustryPage() {
  return <IndustryPage content={industryPages.law} />;
}
