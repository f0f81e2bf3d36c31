import type { Route } from "./+types/book";
import { PageHero } from "~/components/layout/page-hero";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.book);

export default function BookPage() {
  return <PageHero title="Book your setup call" />;
}
