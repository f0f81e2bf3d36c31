import { Link } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { featurePageLinks, industryLinks, merchLabel, resourceLinks, solutionsMenu } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ExternalLink } from "./external-link";

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
        <SheetTitle>Solutions</SheetTitle>
        <SheetDescription className="sr-only">Features, cost comparison and industries</SheetDescription>
        <nav aria-label="Solutions" className="-mx-3 grid gap-0.5 sm:grid-cols-2">
          {featurePageLinks.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {link.label}
            </Link>
          ))}
          <Link to={solutionsMenu.compare.to} className={itemClass} onClick={close}>
            {solutionsMenu.compare.label}
          </Link>
          {industryLinks.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {link.label}
            </Link>
          ))}
        </nav>
      </SheetContent>
    </Sheet>
  );
}

export function ResourcesSheet({ open, onOpenChange }: SheetProps) {
  const { merchUrl } = getRuntimeConfig();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom">
        <SheetTitle>Resources</SheetTitle>
        <SheetDescription className="sr-only">About us, careers, FAQ and merch</SheetDescription>
        <nav aria-label="Resources" className="-mx-3 grid gap-0.5">
          {resourceLinks.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {link.label}
            </Link>
          ))}
          <ExternalLink href={merchUrl} className={itemClass} onClick={close}>
            {merchLabel}
          </ExternalLink>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
