import * as React from "react";

/** A link that leaves the site in a new tab without handing it our window. */
export function ExternalLink({ children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
