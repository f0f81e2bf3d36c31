import { Sheet } from "~/components/ui/sheet";
import { featurePageLinks, industryLinks, navLabels, solutionsMenu } from "~/content/brand";
import { ResourceSheetLinks, SheetLinks } from "./sheet-links";

/*
 * The tab bar's bottom sheets, in the page's HTML so that their tabs open them from first paint
 * (app/components/ui/sheet.tsx).
 */

export const solutionsSheetId = "solutions-sheet";
export const resourcesSheetId = "resources-sheet";

const itemClass = "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted";

export function SolutionsSheet() {
  return (
    <Sheet id={solutionsSheetId} side="bottom" title={navLabels.solutions} description={navLabels.solutionsSheetDescription}>
      <nav aria-label="Solutions" className="-mx-3 grid gap-0.5 sm:grid-cols-2">
        <SheetLinks links={[...featurePageLinks, solutionsMenu.compare, ...industryLinks]} className={itemClass} />
      </nav>
    </Sheet>
  );
}

export function ResourcesSheet() {
  return (
    <Sheet id={resourcesSheetId} side="bottom" title={navLabels.resources} description={navLabels.resourcesSheetDescription}>
      <nav aria-label="Resources" className="-mx-3 grid gap-0.5">
        <ResourceSheetLinks className={itemClass} />
      </nav>
    </Sheet>
  );
}
