import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { paths } from "@shared/site-routes";

/** The way back to the studio's front page from any of its lists and editors; a post's says "All posts". */
export function ContentBackLink({ children = "Content" }: { children?: string }) {
  return (
    <Link
      to={paths.adminContent}
      className="inline-flex items-center gap-1.5 justify-self-start rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
