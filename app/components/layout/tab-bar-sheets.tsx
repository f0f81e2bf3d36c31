import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { featurePageLinks, industryLinks, navLabels, solutionsMenu } from "~/content/brand";
import { ResourceSheetLinks, SheetLinks } from "./sheet-links";

/*
 * The tab bar's bottom sheets, loaded when one is first opened rather than with every page
 * (docs/decisions/0303).
 */

const itemClass = "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted";

type SheetProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function SolutionsSheet({ open, onOpenChange }: SheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom">
        <SheetTitle>{navLabels.solutions}</SheetTitle>
        <SheetDescription className="sr-only">{navLabels.solutionsSheetDescription}</SheetDescription>
        <nav aria-label="Solutions" className="-mx-3 grid gap-0.5 sm:grid-cols-2">
          <SheetLinks
            links={[...featurePageLinks, solutionsMenu.compare, ...industryLinks]}
            className={itemClass}
            onNavigate={close}
          />
        </nav>
      </SheetContent>
    </Sheet>
  );
}

export function ResourcesSheet({ open, onOpenChange }: SheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom">
        <SheetTitle>{navLabels.resources}</SheetTitle>
        <SheetDescription className="sr-only">{navLabels.resourcesSheetDescription}</SheetDescription>
        <nav aria-label="Resources" className="-mx-3 grid gap-0.5">
          <ResourceSheetLinks className={itemClass} onNavigate={close} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
