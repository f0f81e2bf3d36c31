import { cn } from "~/lib/cn";

const WEEKS = 5;
const DAYS = 7;

/** Weekdays from the second week on read as bookable, like a scheduler's month view. */
const bookable = (week: number, day: number) => week > 0 && day < 5 && (week + day) % 3 !== 0;

/**
 * A month view drawn in HTML and CSS, shown in the scheduler's box until the third-party frame
 * paints over it (docs/product.md#design). It fills its positioned parent and is hidden from
 * assistive technology: the frame's title names what will be there. It pulses only under
 * prefers-reduced-motion: no-preference.
 */
export function SkeletonCalendar({ caption, className }: { caption: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="scheduler-skeleton"
      className={cn("absolute inset-0 flex flex-col gap-6 overflow-hidden rounded-xl border border-border bg-background p-6 sm:p-8", className)}
    >
      <div className="grid gap-2">
        <div className="h-5 w-48 max-w-full rounded bg-muted-strong" />
        <div className="h-4 w-28 rounded bg-muted" />
      </div>
      <div className="flex items-center justify-between">
        <div className="h-5 w-32 rounded bg-muted-strong" />
        <div className="flex gap-2">
          <div className="size-8 rounded-full bg-muted" />
          <div className="size-8 rounded-full bg-primary-soft" />
        </div>
      </div>
      <div className="grid grid-cols-7 justify-items-center gap-y-3 motion-safe:animate-pulse">
        {Array.from({ length: DAYS }, (_, day) => (
          <div key={`head-${day}`} className="h-3 w-6 rounded bg-muted" />
        ))}
        {Array.from({ length: WEEKS * DAYS }, (_, cell) => {
          const week = Math.floor(cell / DAYS);
          const day = cell % DAYS;
          return (
            <div
              key={cell}
              className={cn("size-9 rounded-full sm:size-10", bookable(week, day) ? "border border-primary/25 bg-primary-soft" : "bg-muted")}
            />
          );
        })}
      </div>
      <p className="text-center text-[0.9375rem] text-muted-foreground">{caption}</p>
      <div className="mx-auto mt-auto h-4 w-40 rounded bg-muted" />
    </div>
  );
}
