import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { paths } from "@shared/site-routes";

/** The way back from the studio's lists and editors: to its front page, or to the editor's own list ("All posts", "Open roles"). */
export function ContentBackLink({ to = paths.adminContent, children = "Content" }: { to?: string; children?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
