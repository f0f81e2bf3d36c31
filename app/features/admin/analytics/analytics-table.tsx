import type * as React from "react";
import { cn } from "~/lib/cn";

// One markup, two layouts (as the lead desk's lists, docs/decisions/0701): from md up a table;
// below it each row is a compact card, its figures labelled in words, so a phone never scrolls
// sideways and a table of many rows stays short. Shared by the funnel's tables and the Content view.
export const tableBox = "md:overflow-x-auto md:border md:border-border md:bg-background";
export const tableClass = "block w-full border-collapse text-left text-sm md:table";
export const headClass = "hidden bg-muted text-xs uppercase tracking-wide text-muted-foreground md:table-header-group";
export const bodyClass = "grid gap-2 md:table-row-group";
export const rowClass =
  "grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-border bg-background px-3 py-2.5 md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:p-0";
export const cellClass = "block min-w-0 tabular-nums md:table-cell md:px-3 md:py-2 md:text-right";
/** A funnel figure on a phone: a line of its own, its name left and its value right. */
export const funnelCellClass = "col-span-2 flex min-w-0 justify-between gap-3 tabular-nums md:table-cell md:px-3 md:py-2 md:text-right";
export const nameCellClass = "block min-w-0 break-words font-semibold md:table-cell md:px-3 md:py-2 md:font-medium";

/** A figure's name before its value in a phone's card, where no column header names it. */
export function CellLabel({ children, visible = true }: { children: React.ReactNode; visible?: boolean }) {
  return <span className={cn("mr-1.5 text-muted-foreground md:hidden", !visible && "sr-only")}>{children}</span>;
}
