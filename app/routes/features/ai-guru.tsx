import type { Route } from "./+types/ai-guru";
import { FeaturePage } from "~/components/marketing/feature-page";
import { reservedHeroRow } from "~/components/layout/page-hero";
import { GuruAnswer } from "~/components/marketing/mockup/guru-answer";
import { featureMockups, featurePages } from "~/content/feature-pages";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAiGuru);

export default function AiGuruPage() {
  return <FeaturePage content={featurePages["ai-guru"]} visual={<GuruAnswer mock={featureMockups["ai-guru"]} />} visualRow={reservedHeroRow["ai-guru"]} />;
}
