import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * Previous / Page N / Next under a keyset-paginated admin list. `cursors` is the stack of page
 * cursors walked so far (the first page's is null); Next pushes the page's next cursor, Previous
 * pops one. Next waits while a placeholder (the previous page, kept during a fetch) is shown.
 */
export function CursorPager({
  label,
  cursors,
  onCursorsChange,
  nextCursor,
  waiting,
}: {
  label: string;
  cursors: (string | null)[];
  onCursorsChange: (cursors: (string | null)[]) => void;
  nextCursor: string | null | undefined;
  waiting: boolean;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={cursors.length === 1} onClick={() => onCursorsChange(cursors.slice(0, -1))}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">Page {cursors.length}</span>
      <Button variant="outline" size="sm" disabled={!nextCursor || waiting} onClick={() => nextCursor && onCursorsChange([...cursors, nextCursor])}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
