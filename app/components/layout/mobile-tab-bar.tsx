import * as React from "react";
import { Link, NavLink } from "react-router";
import { BookOpen, CalendarCheck, House, LayoutGrid, Tag } from "lucide-react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { featurePageLinks, industryLinks, merchLabel, resourceLinks, solutionsMenu } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { ExternalLink } from "./external-link";
import { useEverTrue } from "~/lib/deferred-mount";

const tabClass =
  "flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium transition-colors hover:text-foreground";
const tabLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(tabClass, isActive ? "text-primary" : "text-muted-foreground");

type OpenSheet = "solutions" | "resources" | null;

/** The phone's fixed bottom tab bar: Home, Solutions (sheet), Pricing, Resources (sheet), Book. */
export function MobileTabBar() {
  const [sheet, setSheet] = React.useState<OpenSheet>(null);
  const { merchUrl } = getRuntimeConfig();
  const close = () => setSheet(null);
  const solutionsMounted = useEverTrue(sheet === "solutions");
  const resourcesMounted = useEverTrue(sheet === "resources");
  const itemClass = "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted";

  return (
    <>
      <nav
        aria-label="Tab bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-xl">
          <NavLink to={paths.home} end className={tabLinkClass}>
            <House className="size-5" aria-hidden="true" />
            Home
          </NavLink>
          <button
            type="button"
            className={cn(tabClass, "text-muted-foreground")}
            aria-haspopup="dialog"
            aria-expanded={sheet === "solutions"}
            onClick={() => setSheet("solutions")}
          >
            <LayoutGrid className="size-5" aria-hidden="true" />
            Solutions
          </button>
          <NavLink to={paths.pricing} className={tabLinkClass}>
            <Tag className="size-5" aria-hidden="true" />
            Pricing
          </NavLink>
          <button
            type="button"
            className={cn(tabClass, "text-muted-foreground")}
            aria-haspopup="dialog"
            aria-expanded={sheet === "resources"}
            onClick={() => setSheet("resources")}
          >
            <BookOpen className="size-5" aria-hidden="true" />
            Resources
          </button>
          <NavLink to={paths.book} className={tabLinkClass}>
            <CalendarCheck className="size-5" aria-hidden="true" />
            Book
          </NavLink>
        </div>
      </nav>

      {solutionsMounted ? (
        <Sheet open={sheet === "solutions"} onOpenChange={(open) => setSheet(open ? "solutions" : null)}>
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
      ) : null}

      {resourcesMounted ? (
        <Sheet open={sheet === "resources"} onOpenChange={(open) => setSheet(open ? "resources" : null)}>
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
      ) : null}
    </>
  );
}
