import type { IconName } from "~/content/icons";
import { cn } from "~/lib/cn";
import { ContentIcon } from "./content-icon";

// Card widths for the centred layout: n columns share the row minus (n - 1) gaps of 1.5rem (gap-6).
const centredWidth = {
  2: "sm:w-[calc((100%-1.5rem)/2)]",
  3: "sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]",
  4: "sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-4.5rem)/4)]",
};

type IconCardItem = { title: string; description: string; icon: IconName };

/** One card in the site's card style: its icon, title and sentence; `className` places it in a grid. */
export function IconCard({ item, className }: { item: IconCardItem; className?: string }) {
  return (
    <li className={cn("rounded-xl border border-border bg-background p-6 shadow-sm", className)}>
      <ContentIcon name={item.icon} />
      <h3 className="mt-4 text-lg font-bold leading-tight">{item.title}</h3>
      <p className="mt-2 text-[0.9375rem] text-muted-foreground">{item.description}</p>
    </li>
  );
}

/**
 * Cards with an icon, a title and a sentence: values, feature lists, reasons to join, security
 * points. `align="center"` centres a short last row (five cards in three columns read 3 + 2)
 * instead of leaving a hole on the right.
 */
export function IconCardGrid({
  items,
  columns = 3,
  align = "start",
}: {
  items: readonly IconCardItem[];
  columns?: 2 | 3 | 4;
  align?: "start" | "center";
}) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  const centred = align === "center";
  return (
    <ul className={cn("gap-6", centred ? "flex flex-wrap justify-center" : ["grid", grid])}>
      {items.map((item) => (
        <IconCard key={item.title} item={item} className={cn(centred && ["w-full", centredWidth[columns]])} />
      ))}
    </ul>
  );
}
