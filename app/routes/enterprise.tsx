import type { Route } from "./+types/enterprise";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.enterprise);

export default function EnterprisePage() {
  return <PageHero title="Enterprise" />;
}
