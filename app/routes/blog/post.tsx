import * as React from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/post";
import { ArticleCta } from "~/components/content/article-cta";
import { RichText } from "~/components/content/rich-text";
import { CoverImage, PostCardItem, TagLinks } from "~/components/content/post-card";
import { PostDateLine } from "~/components/content/post-meta";
import { blogCopy } from "~/content/blog";
import { rememberArticleRead } from "~/features/lead-capture/attribution";
import { siteContentContext } from "~/lib/router-context";
import { BlogErrorBoundary, notFoundMeta } from "~/components/content/blog-not-found";
import { articleMeta } from "~/components/content/blog-meta";
import { blogPostPath, paths } from "@shared/site-routes";

/**
 * /blog/<slug>: a published post. A draft, a scheduled or an unpublished post's address is no
 * page (404, like any unknown address); a former slug of a published post redirects to its current one.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const found = context.get(siteContentContext).post(params.slug);
  if (!found) throw data(null, { status: 404 });
  if (found.kind === "redirect") throw redirect(blogPostPath(found.slug), 301);
  return found.post;
}

export const meta: Route.MetaFunction = ({ data: post }) => (post ? articleMeta(post) : notFoundMeta());
export const ErrorBoundary = BlogErrorBoundary;

/*
 * Set like a publication (docs/product.md#blog): one column of about 65 characters, body text at
 * 18 px and more, the byline under the title, a 16:9 cover, then the body, a call to book a demo,
 * and related posts.
 */
export default function BlogPost({ loaderData: post }: Route.ComponentProps) {
  // The tab's first post read goes with a lead sent from it (docs/decisions/0801).
  React.useEffect(() => rememberArticleRead(), [post.slug]);
  return (
    <>
      <article className="mx-auto max-w-[44rem] px-4 pt-10 pb-12 sm:px-6 sm:pt-14">
        <p className="text-sm font-semibold">
          <Link to={paths.blog} className="text-primary underline-offset-4 hover:underline">
            {blogCopy.backToBlog}
          </Link>
        </p>
        <header className="mt-4">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-[2.75rem] sm:leading-tight">{post.title}</h1>
          {post.summary ? <p className="mt-4 text-pretty text-xl text-muted-foreground">{post.summary}</p> : null}
          <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 border-y border-border py-3">
            <p className="text-sm font-semibold">By {post.authorName}</p>
            <PostDateLine publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
          </div>
        </header>
        {post.cover ? <CoverImage image={post.cover} sizes="(min-width: 44rem) 44rem, 100vw" eager className="mt-8" /> : null}
        <RichText tree={post.body} className="mt-8" />
        <TagLinks tags={post.tags} className="mt-10" />
        <ArticleCta title={blogCopy.ctaTitle} lead={blogCopy.ctaLead} />
      </article>
      {post.related.length > 0 ? (
        <section aria-labelledby="related-posts" className="bg-muted">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="related-posts" className="text-2xl font-bold tracking-tight">
              {blogCopy.related}
            </h2>
            <div className="mt-8 grid gap-x-8 gap-y-12 md:grid-cols-2 lg:grid-cols-3">
              {post.related.map((related) => (
                <PostCardItem key={related.slug} post={related} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
