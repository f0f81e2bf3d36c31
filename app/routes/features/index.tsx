import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.features);

export default function FeaturesIndexPage() {
  return <PageHero title="Features" />;
}
