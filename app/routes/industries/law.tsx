import type { Route } from "./+types/law";
import { IndustryPage } from "~/components/marketing/industry-page";
import { industryPages } from "~/content/industries";
import { pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import { newestStory } from "@shared/content/site-content";

/** The newest published customer story of this industry (decision 0906); none: the page as it was. */
export function loader({ context }: Route.LoaderArgs) {
  return { story: newestStory(context.get(siteContentContext).stories, "law") };
}

export const meta: Route.MetaFunction = () => pageMeta(industryPages.law.path);

export default function LawIndustryPage({ loaderData }: Route.ComponentProps) {
  return <IndustryPage content={industryPages.law} story={loaderData.story} />;
}
