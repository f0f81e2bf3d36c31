import * as React from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { ChevronDown, ExternalLink as ExternalIcon, Menu } from "lucide-react";
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
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { industryLinks, merchLabel, resourceLinks, solutionsMenu } from "~/content/brand";
import { useBookingDialog } from "~/features/booking/booking-dialog-context";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { SiteLogo } from "./site-logo";
import { ExternalLink } from "./external-link";

const topLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted data-[state=open]:bg-muted";

function TopNavLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <RouterNavLink to={to} className={({ isActive }) => cn(topLinkClass, isActive ? "text-primary" : "text-foreground")}>
      {children}
    </RouterNavLink>
  );
}

export function SiteHeader() {
  const { openBookingDialog } = useBookingDialog();
  const { merchUrl } = getRuntimeConfig();

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger className={cn(topLinkClass, "text-foreground")}>
              Solutions <ChevronDown className="size-4" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
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
            </DropdownMenuContent>
          </DropdownMenu>

          <TopNavLink to={paths.pricing}>Pricing</TopNavLink>
          <TopNavLink to={paths.enterprise}>Enterprise</TopNavLink>

          <DropdownMenu modal={false}>
            <DropdownMenuTrigger className={cn(topLinkClass, "text-foreground")}>
              Resources <ChevronDown className="size-4" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
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
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>

        <div className="flex items-center gap-2">
          <Button className="max-lg:hidden" onClick={() => openBookingDialog("navbar")}>
            Book demo
          </Button>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function MobileMenu() {
  const [open, setOpen] = React.useState(false);
  const { openBookingDialog } = useBookingDialog();
  const { merchUrl } = getRuntimeConfig();
  const close = () => setOpen(false);
  const itemClass = "block rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted";
  const groupTitle = "px-3 pt-4 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground";

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="-mx-3 flex flex-col">
          <p className={groupTitle}>Solutions</p>
          <Link to={solutionsMenu.features.to} className={itemClass} onClick={close}>
            {solutionsMenu.features.label}
          </Link>
          <Link to={solutionsMenu.compare.to} className={itemClass} onClick={close}>
            {solutionsMenu.compare.label}
          </Link>
          <p className={groupTitle}>{solutionsMenu.industriesLabel}</p>
          {industryLinks.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {link.label}
            </Link>
          ))}
          <p className={groupTitle}>Plans</p>
          <Link to={paths.pricing} className={itemClass} onClick={close}>
            Pricing
          </Link>
          <Link to={paths.enterprise} className={itemClass} onClick={close}>
            Enterprise
          </Link>
          <p className={groupTitle}>Resources</p>
          {resourceLinks.map((link) => (
            <Link key={link.to} to={link.to} className={itemClass} onClick={close}>
              {link.label}
            </Link>
          ))}
          <ExternalLink href={merchUrl} className={itemClass} onClick={close}>
            {merchLabel}
          </ExternalLink>
        </nav>
        <Button
          size="lg"
          className="mt-2 w-full"
          onClick={() => {
            close();
            openBookingDialog("navbar");
          }}
        >
          Book demo
        </Button>
      </SheetContent>
    </Sheet>
  );
}
