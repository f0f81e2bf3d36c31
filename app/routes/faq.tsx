import type { Route } from "./+types/faq";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.faq);

export default function FaqPage() {
  return <PageHero title="Frequently asked questions" />;
}
