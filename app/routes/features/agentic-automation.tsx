import type { Route } from "./+types/agentic-automation";
import { FeaturePage } from "~/components/marketing/feature-page";
import { reservedHeroRow } from "~/components/layout/page-hero";
import { AutomationFlow } from "~/components/marketing/mockup/automation-flow";
import { featureMockups, featurePages } from "~/content/feature-pages";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAgenticAutomation);

export default function AgenticAutomationPage() {
  return <FeaturePage content={featurePages["agentic-automation"]} visual={<AutomationFlow mock={featureMockups["agentic-automation"]} />} visualRow={reservedHeroRow["agentic-automation"]} />;
}
