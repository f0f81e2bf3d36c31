import type { Route } from "./+types/trades";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.industryTrades);

export default function IndustriesTradesPage() {
  return <PageHero title="Home Services & Trades" />;
}
