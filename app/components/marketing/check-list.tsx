import { Check, CircleAlert } from "lucide-react";
import { cn } from "~/lib/cn";

const markers = {
  // A benefit or inclusion: the green tick.
  check: { Icon: Check, className: "text-success" },
  // A problem the visitor may recognise ("Sound familiar?"): neutral, so it does not read as a
  // benefit, and not red, so it does not read as an error.
  concern: { Icon: CircleAlert, className: "text-muted-foreground" },
} as const;

export function CheckList({
  items,
  className,
  columns = 1,
  variant = "check",
}: {
  items: readonly string[];
  className?: string;
  columns?: 1 | 2;
  variant?: keyof typeof markers;
}) {
  const { Icon, className: markerClass } = markers[variant];
  return (
    <ul className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          {/* A box one line tall centres the marker on the first line at any text size. */}
          <span className="flex h-lh shrink-0 items-center">
            <Icon className={cn("size-5", markerClass)} width={20} height={20} aria-hidden="true" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
