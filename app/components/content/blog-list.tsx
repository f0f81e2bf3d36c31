import { Link } from "react-router";
import type { BlogListData } from "@shared/content/site-content";
import { blogTagPath } from "@shared/site-routes";
import { blogCopy } from "~/content/blog";
import { PostCardItem } from "./post-card";

/** The list's posts, its tags and its pages; shared by /blog and /blog/tag/<tag>. */
export function BlogList({ list, pagePath }: { list: BlogListData; pagePath: (page: number) => string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-2 pb-16 sm:px-6">
      {list.posts.length === 0 ? (
        <p className="mx-auto max-w-prose text-center text-lg text-muted-foreground">{blogCopy.empty}</p>
      ) : (
        <div className="grid gap-x-8 gap-y-12 md:grid-cols-2 lg:grid-cols-3">
          {list.posts.map((post) => (
            <PostCardItem key={post.slug} post={post} />
          ))}
        </div>
      )}
      {list.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-12 flex items-center justify-center gap-4 text-base font-semibold">
          {list.page > 1 ? (
            <Link to={pagePath(list.page - 1)} rel="prev" className="text-primary underline-offset-4 hover:underline">
              ← Newer posts
            </Link>
          ) : null}
          <span className="text-muted-foreground">
            Page {list.page} of {list.pageCount}
          </span>
          {list.page < list.pageCount ? (
            <Link to={pagePath(list.page + 1)} rel="next" className="text-primary underline-offset-4 hover:underline">
              Older posts →
            </Link>
          ) : null}
        </nav>
      ) : null}
      {list.tags.length > 0 ? (
        <nav aria-label="Topics" className="mt-14 border-t border-border pt-8">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{blogCopy.topics}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {list.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={blogTagPath(tag)}
                  aria-current={tag === list.tag ? "page" : undefined}
                  className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm font-medium hover:border-primary hover:text-primary aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
