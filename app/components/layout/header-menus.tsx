import * as React from "react";
import { Link } from "react-router";
import { ExternalLink as ExternalIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { industryLinks, merchLabel, navLabels, resourceLinks, solutionsMenu } from "~/content/brand";
import { ctaLabels } from "~/content/calls-to-action";
import { useBookingDialog } from "~/features/booking/booking-dialog-context";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { paths } from "@shared/site-routes";
import { ExternalLink } from "./external-link";
import { ResourceSheetLinks, SheetLinks } from "./sheet-links";

/*
 * The header's Radix menus and sheet. Loaded on their own, after the page is interactive or
 * when the visitor reaches for them, so that their code (menus, popper positioning, focus
 * trapping) is not part of every page's start-up (docs/decisions/0303).
 */

export type NavMenuKind = "solutions" | "resources";

function SolutionsItems() {
  return (
    <>
      <DropdownMenuItem asChild>
        <Link to={solutionsMenu.features.to}>{solutionsMenu.features.label}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={solutionsMenu.compare.to}>{solutionsMenu.compare.label}</Link>
      </DropdownMenuItem>
      <DropdownMenuSub>
        <DropdownMenuSubTrigger>{solutionsMenu.industriesLabel}</DropdownMenuSubTrigger>
        <DropdownMenuSubContent>
          {industryLinks.map((link) => (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuSubContent>
      </DropdownMenuSub>
    </>
  );
}

function ResourcesItems() {
  const { merchUrl } = getRuntimeConfig();
  return (
    <>
      {resourceLinks.map((link) => (
        <DropdownMenuItem key={link.to} asChild>
          <Link to={link.to}>{link.label}</Link>
        </DropdownMenuItem>
      ))}
      <DropdownMenuItem asChild>
        <ExternalLink href={merchUrl}>
          {merchLabel} <ExternalIcon className="ml-auto size-3.5" aria-hidden="true" />
        </ExternalLink>
      </DropdownMenuItem>
    </>
  );
}

/** A desktop top-bar menu: the trigger (looks like the placeholder it replaces) and its items. */
export function NavDropdown({
  kind,
  className,
  children,
  defaultOpen,
  focusOnMount,
}: {
  kind: NavMenuKind;
  className: string;
  children: React.ReactNode;
  defaultOpen: boolean;
  focusOnMount: boolean;
}) {
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  React.useLayoutEffect(() => {
    if (focusOnMount) triggerRef.current?.focus();
  }, [focusOnMount]);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={className}>
        {children}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {kind === "solutions" ? <SolutionsItems /> : <ResourcesItems />}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The phone's hamburger menu. */
export function MobileMenuSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { openBookingDialog } = useBookingDialog();
  const close = () => onOpenChange(false);
  const itemClass = "block rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted";
  const groupTitle = "px-3 pt-4 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground";
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetTitle>{navLabels.menuTitle}</SheetTitle>
        <SheetDescription className="sr-only">{navLabels.menuDescription}</SheetDescription>
        <nav aria-label="Mobile" className="-mx-3 flex flex-col">
          <p className={groupTitle}>{navLabels.solutions}</p>
          <Link to={solutionsMenu.features.to} className={itemClass} onClick={close}>
            {solutionsMenu.features.label}
          </Link>
          <Link to={solutionsMenu.compare.to} className={itemClass} onClick={close}>
            {solutionsMenu.compare.label}
          </Link>
          <p className={groupTitle}>{solutionsMenu.industriesLabel}</p>
          <SheetLinks links={industryLinks} className={itemClass} onNavigate={close} />
          <p className={groupTitle}>{navLabels.plans}</p>
          <Link to={paths.pricing} className={itemClass} onClick={close}>
            {navLabels.pricing}
          </Link>
          <Link to={paths.enterprise} className={itemClass} onClick={close}>
            {navLabels.enterprise}
          </Link>
          <p className={groupTitle}>{navLabels.resources}</p>
          <ResourceSheetLinks className={itemClass} onNavigate={close} />
        </nav>
        <Button
          size="lg"
          className="mt-2 w-full"
          onClick={() => {
            close();
            openBookingDialog("navbar");
          }}
        >
          {ctaLabels.bookDemo}
        </Button>
      </SheetContent>
    </Sheet>
  );
}
