import * as React from "react";
import { NavLink } from "react-router";
import { BookOpen, CalendarCheck, House, LayoutGrid, Tag, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { useEverTrue } from "~/lib/deferred-mount";
import { navLabels } from "~/content/brand";

const tabClass =
  "flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium transition-colors hover:text-foreground focus-visible:-outline-offset-2";
const tabLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(tabClass, isActive ? "text-primary" : "text-muted-foreground");

type OpenSheet = "solutions" | "resources" | null;

const SolutionsSheet = React.lazy(() => import("./tab-bar-sheets").then((m) => ({ default: m.SolutionsSheet })));
const ResourcesSheet = React.lazy(() => import("./tab-bar-sheets").then((m) => ({ default: m.ResourcesSheet })));

/** A tab that opens a bottom sheet instead of navigating. */
function SheetTab({
  icon: Icon,
  open,
  onOpen,
  children,
}: {
  icon: LucideIcon;
  open: boolean;
  onOpen: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={cn(tabClass, "text-muted-foreground")} aria-haspopup="dialog" aria-expanded={open} onClick={onOpen}>
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </button>
  );
}

/** The phone's fixed bottom tab bar: Home, Solutions (sheet), Pricing, Resources (sheet), Book. */
export function MobileTabBar() {
  const [sheet, setSheet] = React.useState<OpenSheet>(null);
  const solutionsMounted = useEverTrue(sheet === "solutions");
  const resourcesMounted = useEverTrue(sheet === "resources");

  return (
    <>
      {/* Solid, like the header (no backdrop blur: docs/decisions/0901-product-visuals.md). */}
      <nav
        aria-label="Tab bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        <div className="mx-auto flex max-w-xl">
          <NavLink to={paths.home} end className={tabLinkClass}>
            <House className="size-5" aria-hidden="true" />
            {navLabels.homeTab}
          </NavLink>
          <SheetTab icon={LayoutGrid} open={sheet === "solutions"} onOpen={() => setSheet("solutions")}>
            {navLabels.solutions}
          </SheetTab>
          <NavLink to={paths.pricing} className={tabLinkClass}>
            <Tag className="size-5" aria-hidden="true" />
            {navLabels.pricing}
          </NavLink>
          <SheetTab icon={BookOpen} open={sheet === "resources"} onOpen={() => setSheet("resources")}>
            {navLabels.resources}
          </SheetTab>
          <NavLink to={paths.book} className={tabLinkClass}>
            <CalendarCheck className="size-5" aria-hidden="true" />
            {navLabels.bookTab}
          </NavLink>
        </div>
      </nav>

      {solutionsMounted ? (
        <React.Suspense fallback={null}>
          <SolutionsSheet open={sheet === "solutions"} onOpenChange={(open) => setSheet(open ? "solutions" : null)} />
        </React.Suspense>
      ) : null}
      {resourcesMounted ? (
        <React.Suspense fallback={null}>
          <ResourcesSheet open={sheet === "resources"} onOpenChange={(open) => setSheet(open ? "resources" : null)} />
        </React.Suspense>
      ) : null}
    </>
  );
}
