import type { Route } from "./+types/contact";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.contact);

export default function ContactPage() {
  return <PageHero title="Start your 30-day trial" />;
}
