import { Check } from "lucide-react";
import { cn } from "~/lib/cn";

export function CheckList({ items, className, columns = 1 }: { items: readonly string[]; className?: string; columns?: 1 | 2 }) {
  return (
    <ul className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <Check className="mt-0.5 size-5 shrink-0 text-success" width={20} height={20} aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
