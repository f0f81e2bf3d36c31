import { Link } from "react-router";
import type { PostCard as PostCardData, PublishedImage } from "@shared/content/site-content";
import { blogPostPath, blogTagPath } from "@shared/site-routes";
import { cn } from "~/lib/cn";
import { PostDateLine } from "./post-meta";

/**
 * A cover at a fixed 16:9, whatever the image's own proportions (cropped to fill), so nothing
 * shifts while it loads; the browser picks its size from the srcset.
 */
export function CoverImage({ image, sizes, eager = false, className }: { image: PublishedImage; sizes: string; eager?: boolean; className?: string }) {
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={sizes}
      alt={image.alt}
      width={1600}
      height={900}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("aspect-[16/9] w-full rounded-xl bg-muted object-cover", className)}
    />
  );
}

/** A post's tags as links to their lists. */
export function TagLinks({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={blogTagPath(tag)}
            className="inline-flex min-h-8 items-center rounded-full bg-primary-soft px-3 text-sm font-medium text-primary hover:underline"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One post in a list: cover, title (its link), summary, date and reading time, tags. */
export function PostCardItem({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col gap-3">
      {post.cover ? <CoverImage image={post.cover} sizes="(min-width: 768px) 22rem, 100vw" /> : null}
      <Heading className="text-xl font-bold tracking-tight text-pretty">
        <Link to={blogPostPath(post.slug)} className="hover:text-primary hover:underline">
          {post.title}
        </Link>
      </Heading>
      {post.summary ? <p className="text-pretty text-muted-foreground">{post.summary}</p> : null}
      <PostDateLine publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
      <TagLinks tags={post.tags} />
    </article>
  );
}
