import * as React from "react";
import { cn } from "~/lib/cn";

/**
 * An e-mail address's pieces, each starting at a place where it may break: before the @ and
 * before each dot, as style guides break an address ("jane.doe@example.com" →
 * "jane", ".doe", "@example", ".com").
 */
export function emailSegments(email: string): string[] {
  return email.split(/(?=[@.])/).filter((part) => part !== "");
}

/**
 * An e-mail address that wraps only before its @ or a dot, never inside a word (a narrow card on
 * a phone). A piece longer than the line is cut with an ellipsis instead of broken; the whole
 * address stays in the link, its title and what is copied.
 */
export function EmailAddress({ email, link = true, className }: { email: string; link?: boolean; className?: string }) {
  const pieces = emailSegments(email).map((part, i) => (
    <React.Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      <span className="inline-block max-w-full truncate align-bottom">{part}</span>
    </React.Fragment>
  ));
  const classes = cn("min-w-0 max-w-full", className);
  if (!link) {
    return (
      <span className={classes} title={email}>
        {pieces}
      </span>
    );
  }
  return (
    <a className={cn(classes, "text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring")} href={`mailto:${email}`} title={email}>
      {pieces}
    </a>
  );
}
