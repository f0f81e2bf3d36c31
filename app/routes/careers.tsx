import type { Route } from "./+types/careers";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.careers);

export default function CareersPage() {
  return <PageHero title="Build Something That Matters" />;
}
