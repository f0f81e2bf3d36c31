import type { Route } from "./+types/about";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.about);

export default function AboutPage() {
  return <PageHero title="About us" />;
}
