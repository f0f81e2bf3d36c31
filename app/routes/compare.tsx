import type { Route } from "./+types/compare";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.compare);

export default function ComparePage() {
  return <PageHero title="Compare costs" />;
}
