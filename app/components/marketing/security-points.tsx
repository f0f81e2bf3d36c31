import { securityPoints } from "~/content/outcomes";
import { cn } from "~/lib/cn";
import { IconCard } from "./icon-card-grid";

/**
 * How many of the lg grid's six tracks each card takes, so that every row is full: three cards
 * a row (2 tracks each), and the cards left over share the last row (5 = 3 + 2 wide), or the last
 * two rows (7 = 3 + 2 + 2), instead of leaving a short row with a hole (docs/product.md#design).
 */
function lgSpan(index: number, count: number): string {
  const rest = count % 3;
  const wide = rest === 0 ? 0 : rest === 2 ? 2 : count === 1 ? 1 : 4;
  if (index < count - wide) return "lg:col-span-2";
  return count === 1 ? "lg:col-span-6" : "lg:col-span-3";
}

/**
 * The security and compliance points (docs/product.md#security-and-compliance-points), as cards
 * in the site's card style, in rows that are always full: from sm two a row with an odd last card
 * across both columns, from lg three a row with the rest sharing the last row.
 * Shared by /features and /enterprise; each page keeps its own section heading.
 */
export function SecurityPoints() {
  const count = securityPoints.length;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
      {securityPoints.map((item, i) => (
        <IconCard key={item.title} item={item} className={cn(lgSpan(i, count), count % 2 === 1 && i === count - 1 && "sm:col-span-2")} />
      ))}
    </ul>
  );
}
