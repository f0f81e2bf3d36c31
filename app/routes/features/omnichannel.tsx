import type { Route } from "./+types/omnichannel";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureOmnichannel);

export default function FeaturesOmnichannelPage() {
  return <PageHero title="Omnichannel Communications" />;
}
