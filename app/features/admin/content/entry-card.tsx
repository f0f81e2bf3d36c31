import type * as React from "react";
import { Link } from "react-router";

/**
 * One entry of a studio list (stories, testimonials, roles): a card led by its name, a link to its
 * editor, then what the list says of it. Long names wrap, so a phone never scrolls sideways.
 */
export function EntryCard({ to, name, children }: { to: string; name: string; children: React.ReactNode }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-background p-3 shadow-sm">
      <Link to={to} className="font-semibold text-primary underline-offset-2 hover:underline [overflow-wrap:anywhere]">
        {name}
      </Link>
      {children}
    </li>
  );
}
