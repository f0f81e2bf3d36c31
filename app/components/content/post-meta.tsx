import { cn } from "~/lib/cn";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A post's date as the blog shows it, "June 3, 2026": UTC, so the server's render and the
 * browser's agree. Written by hand rather than with `Intl.DateTimeFormat`: the blog's pages
 * built one while hydrating, and constructing the first formatter of a page loads ICU's
 * calendar and time-zone data, profiled at about 440 ms of main-thread time under a 4x CPU
 * slowdown, most of the blog's blocking time over /features (shared/number-format.ts made the
 * same choice for numbers). post-meta.test.ts holds it to `Intl`'s output.
 */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "June 3, 2026 · 6 min read", the date machine-readable. */
export function PostDateLine({ publishedAt, readingMinutes, className }: { publishedAt: string; readingMinutes: number; className?: string }) {
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      <time dateTime={publishedAt}>{formatPostDate(publishedAt)}</time>
      <span aria-hidden="true"> · </span>
      <span>{readingMinutes} min read</span>
    </p>
  );
}
