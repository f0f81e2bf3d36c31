import type { Route } from "./+types/ai-guru";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureAiGuru);

export default function FeaturesAiGuruPage() {
  return <PageHero title="AI Guru" />;
}
