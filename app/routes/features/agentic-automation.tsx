import type { Route } from "./+types/agentic-automation";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAgenticAutomation);

export default function FeaturesAgenticAutomationPage() {
  return <PageHero title="Agentic Automation" />;
}
