import { cn } from "~/lib/cn";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A post's date as the blog shows it (UTC, so the server's render and the browser's agree). */
export function formatPostDate(iso: string): string {
  return dateFormat.format(new Date(iso));
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
