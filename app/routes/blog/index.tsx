import { data } from "react-router";
import type { Route } from "./+types/index";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { BlogList } from "~/components/content/blog-list";
import { CtaBand } from "~/components/marketing/cta-band";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { reassurance } from "~/content/calls-to-action";
import { blogCopy } from "~/content/blog";
import { siteContentContext } from "~/lib/router-context";
import { BlogErrorBoundary, notFoundMeta } from "~/components/content/blog-not-found";
import { blogListMeta } from "~/components/content/blog-meta";
import { blogPagePath } from "@shared/site-routes";
import { blogPageNumber } from "@shared/content/site-content";

/** /blog and /blog/page/<n>: published posts, newest first. */
export function loader({ context, params }: Route.LoaderArgs) {
  const page = blogPageNumber(params.page);
  const list = page === null ? null : context.get(siteContentContext).blogList(page, null);
  if (!list && page !== 1) throw data(null, { status: 404 });
  return list ?? { posts: [], page: 1, pageCount: 1, tag: null, tags: [] };
}

export const meta: Route.MetaFunction = ({ data: list }) =>
  list ? blogListMeta(blogPagePath(list.page), blogCopy.title, blogCopy.description) : notFoundMeta();
export const ErrorBoundary = BlogErrorBoundary;

export default function BlogIndex({ loaderData: list }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={<Badge>{blogCopy.eyebrow}</Badge>} title={blogCopy.title} lead={blogCopy.lead} />
      <BlogList list={list} pagePath={blogPagePath} />
      <CtaBand title={blogCopy.ctaTitle} lead={blogCopy.ctaLead} note={reassurance.bookDemo}>
        <BookDemoButton location="article" variant="inverse" />
      </CtaBand>
    </>
  );
}
