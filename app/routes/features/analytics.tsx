import type { Route } from "./+types/analytics";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAnalytics);

export default function FeaturesAnalyticsPage() {
  return <PageHero title="Analytics & Insights" />;
}
