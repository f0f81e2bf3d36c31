import type { Route } from "./+types/analytics";
import { FeaturePage } from "~/components/marketing/feature-page";
import { featurePages } from "~/content/features";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAnalytics);

export default function AnalyticsPage() {
  return <FeaturePage content={featurePages["analytics"]} />;
}
