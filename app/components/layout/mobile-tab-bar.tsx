import * as React from "react";
import { NavLink } from "react-router";
import { BookOpen, CalendarCheck, House, LayoutGrid, Tag, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { useSheetTrigger } from "~/components/ui/sheet";
import { ResourcesSheet, resourcesSheetId, SolutionsSheet, solutionsSheetId } from "./tab-bar-sheets";
import { navLabels } from "~/content/brand";

const tabClass =
  "flex min-w-0 flex-col items-center gap-0.5 py-2 text-xs font-medium transition-colors hover:text-foreground focus-visible:-outline-offset-2";
const tabLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(tabClass, isActive ? "text-primary" : "text-muted-foreground");

/** A tab that opens a bottom sheet instead of navigating (app/components/ui/sheet.tsx). */
function SheetTab({ icon: Icon, sheet, children }: { icon: LucideIcon; sheet: string; children: React.ReactNode }) {
  return (
    <button className={cn(tabClass, "text-muted-foreground")} {...useSheetTrigger(sheet)}>
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </button>
  );
}

/** The phone's fixed bottom tab bar: Home, Solutions (sheet), Pricing, Resources (sheet), Book. */
export function MobileTabBar() {
  return (
    <>
      {/* Solid, like the header (no backdrop blur: docs/product.md#design). */}
      <nav
        aria-label="Tab bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        {/* Five fixed cells of the bar's full height, each tab's icon at its top: a tab's place, its
            icon's and the bar's height do not depend on what is parsed after them, so a page painted
            half-parsed on a slow phone does not move them (a layout shift). */}
        <div className="mx-auto grid min-h-13.5 max-w-xl grid-cols-5">
          <NavLink to={paths.home} end className={tabLinkClass}>
            <House className="size-5" aria-hidden="true" />
            {navLabels.homeTab}
          </NavLink>
          <SheetTab icon={LayoutGrid} sheet={solutionsSheetId}>
            {navLabels.solutions}
          </SheetTab>
          <NavLink to={paths.pricing} className={tabLinkClass}>
            <Tag className="size-5" aria-hidden="true" />
            {navLabels.pricing}
          </NavLink>
          <SheetTab icon={BookOpen} sheet={resourcesSheetId}>
            {navLabels.resources}
          </SheetTab>
          <NavLink to={paths.book} className={tabLinkClass}>
            <CalendarCheck className="size-5" aria-hidden="true" />
            {navLabels.bookTab}
          </NavLink>
        </div>
      </nav>
      <SolutionsSheet />
      <ResourcesSheet />
    </>
  );
}
