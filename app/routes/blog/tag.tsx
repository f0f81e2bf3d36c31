import { data } from "react-router";
import type { Route } from "./+types/tag";
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
import { blogPageNumber } from "@shared/content/site-content";
import { blogTagPath } from "@shared/site-routes";
import { tagSchema } from "@shared/schemas/content";

/** /blog/tag/<tag> and its later pages: the published posts with that tag, newest first. */
export function loader({ context, params }: Route.LoaderArgs) {
  const tag = tagSchema.safeParse(params.tag);
  const page = blogPageNumber(params.page);
  // Only a tag as the studio writes them: /blog/tag/Phones is no page, not a second URL of one.
  const list = tag.success && tag.data === params.tag && page !== null ? context.get(siteContentContext).blogList(page, tag.data) : null;
  if (!list) throw data(null, { status: 404 });
  return list;
}

export const meta: Route.MetaFunction = ({ data: list }) =>
  list ? blogListMeta(blogTagPath(list.tag!, list.page), blogCopy.tagTitle(list.tag!), blogCopy.tagDescription(list.tag!)) : notFoundMeta();
export const ErrorBoundary = BlogErrorBoundary;

export default function BlogTag({ loaderData: list }: Route.ComponentProps) {
  const tag = list.tag!;
  return (
    <>
      <PageHero eyebrow={<Badge>{blogCopy.eyebrow}</Badge>} title={blogCopy.tagTitle(tag)} lead={blogCopy.tagDescription(tag)} />
      <BlogList list={list} pagePath={(page) => blogTagPath(tag, page)} />
      <CtaBand title={blogCopy.ctaTitle} lead={blogCopy.ctaLead} note={reassurance.bookDemo}>
        <BookDemoButton location="article" variant="inverse" />
      </CtaBand>
    </>
  );
}
