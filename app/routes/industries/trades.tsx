import type { Route } from "./+types/trades";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import { newestStory } from "@shared/content/site-content";

/** The newest published customer story of this industry (decision 0906); none: the page as it was. */
export function loader({ context }: Route.LoaderArgs) {
  return { story: newestStory(context.get(siteContentContext).stories, "trades") };
}

export const meta: Route.MetaFunction = () => pageMeta(industryPages.trades.path);

export default function TradesIndustryPage({ loaderData }: Route.ComponentProps) {
  return <IndustryPage content={industryPages.trades} story={loaderData.story} />;
}
