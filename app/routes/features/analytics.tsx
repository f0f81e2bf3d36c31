import type { Route } from "./+types/analytics";
import { FeaturePage } from "~/components/marketing/feature-page";
import { reservedHeroRow } from "~/components/layout/page-hero";
import { AnalyticsTile } from "~/components/marketing/mockup/analytics-tile";
import { featureMockups, featurePages } from "~/content/feature-pages";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAnalytics);

export default function AnalyticsPage() {
  return <FeaturePage content={featurePages["analytics"]} visual={<AnalyticsTile mock={featureMockups["analytics"]} />} visualRow={reservedHeroRow.analytics} />;
}
