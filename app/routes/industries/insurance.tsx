import type { Route } from "./+types/insurance";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import { newestStory } from "@shared/content/site-content";

/** The newest published customer story of this industry (decision 0906); none: the page as it was. */
export function loader({ context }: Route.LoaderArgs) {
  return { story: newestStory(context.get(siteContentContext).stories, "insurance") };
}

export const meta: Route.MetaFunction = () => pageMeta(industryPages.insurance.path);

export default function InsuranceIndustryPage({ loaderData }: Route.ComponentProps) {
  return <IndustryPage content={industryPages.insurance} story={loaderData.story} />;
}
