import type { Route } from "./+types/home";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.home);

export default function HomePage() {
  return <PageHero title="AI agents that answer every call and text in seconds" />;
}
