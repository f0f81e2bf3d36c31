import { Link } from "react-router";
import { ChevronDown, ExternalLink as ExternalIcon, Menu } from "lucide-react";
import { Button } from "~/components/ui/button";
import { DropdownMenuContent, DropdownMenuGroup, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Sheet, useSheetTrigger } from "~/components/ui/sheet";
import { industryLinks, merchLabel, navLabels, solutionsMenu } from "~/content/brand";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { paths } from "@shared/site-routes";
import { ExternalLink } from "./external-link";
import { ResourceSheetLinks, SheetLinks } from "./sheet-links";
import { useResourceLinks } from "./resource-links";

/*
 * The header's menus: the desktop top bar's Solutions and Resources, and the phone's hamburger
 * sheet. All are in the page's HTML and open natively from first paint; React takes them over
 * once hydrated (app/components/ui/dropdown-menu.tsx, app/components/ui/sheet.tsx).
 */

export type NavMenuKind = "solutions" | "resources";

function SolutionsItems() {
  return (
    <>
      <DropdownMenuItem>
        <Link to={solutionsMenu.features.to}>{solutionsMenu.features.label}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem>
        <Link to={solutionsMenu.compare.to}>{solutionsMenu.compare.label}</Link>
      </DropdownMenuItem>
      <DropdownMenuGroup label={solutionsMenu.industriesLabel}>
        {industryLinks.map((link) => (
          <DropdownMenuItem key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuGroup>
    </>
  );
}

function ResourcesItems() {
  const { merchUrl } = getRuntimeConfig();
  const links = useResourceLinks();
  return (
    <>
      {links.map((link) => (
        <DropdownMenuItem key={link.to}>
          <Link to={link.to}>{link.label}</Link>
        </DropdownMenuItem>
      ))}
      <DropdownMenuItem>
        <ExternalLink href={merchUrl}>
          {merchLabel} <ExternalIcon className="ml-auto size-3.5" aria-hidden="true" />
        </ExternalLink>
      </DropdownMenuItem>
    </>
  );
}

/** A desktop top-bar menu: its trigger and its items. */
export function NavMenu({ kind, label, className }: { kind: NavMenuKind; label: string; className: string }) {
  const id = `nav-menu-${kind}`;
  return (
    <>
      <DropdownMenuTrigger menu={id} className={className}>
        {label} <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent id={id}>{kind === "solutions" ? <SolutionsItems /> : <ResourcesItems />}</DropdownMenuContent>
    </>
  );
}

const mobileMenuId = "mobile-menu";

/** The phone's hamburger button and its menu sheet. */
export function MobileMenu() {
  const itemClass = "block rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted";
  const groupTitle = "px-3 pt-4 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground";
  return (
    <>
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label={navLabels.openMenu} {...useSheetTrigger(mobileMenuId)}>
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      <Sheet id={mobileMenuId} side="right" title={navLabels.menuTitle} description={navLabels.menuDescription}>
        <nav aria-label="Mobile" className="-mx-3 flex flex-col">
          <p className={groupTitle}>{navLabels.solutions}</p>
          <Link to={solutionsMenu.features.to} className={itemClass}>
            {solutionsMenu.features.label}
          </Link>
          <Link to={solutionsMenu.compare.to} className={itemClass}>
            {solutionsMenu.compare.label}
          </Link>
          <p className={groupTitle}>{solutionsMenu.industriesLabel}</p>
          <SheetLinks links={industryLinks} className={itemClass} />
          <p className={groupTitle}>{navLabels.plans}</p>
          <Link to={paths.pricing} className={itemClass}>
            {navLabels.pricing}
          </Link>
          <Link to={paths.enterprise} className={itemClass}>
            {navLabels.enterprise}
          </Link>
          <p className={groupTitle}>{navLabels.resources}</p>
          <ResourceSheetLinks className={itemClass} />
        </nav>
        {/*
          Opens the booking dialog by itself, as every Book demo does (docs/decisions/0501): before
          hydration and without JavaScript too. Hydrated, the sheet closes itself before the press
          reaches the button (app/components/ui/sheet.tsx), so the page is no longer inert.
        */}
        <BookDemoButton location="navbar" icon={false} className="mt-2 w-full" />
      </Sheet>
    </>
  );
}
