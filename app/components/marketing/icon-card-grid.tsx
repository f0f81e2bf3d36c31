import type { IconName } from "~/content/icons";
import { cn } from "~/lib/cn";
import { ContentIcon } from "./content-icon";

/** Cards with an icon, a title and a sentence: values, feature lists, reasons to join. */
export function IconCardGrid({
  items,
  columns = 3,
}: {
  items: readonly { title: string; description: string; icon: IconName }[];
  columns?: 2 | 3 | 4;
}) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={cn("grid gap-6", grid)}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
          <ContentIcon name={item.icon} />
          <h3 className="mt-4 text-lg font-bold leading-tight">{item.title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
