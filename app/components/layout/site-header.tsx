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
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { useEverTrue, useIdleMount } from "~/lib/deferred-mount";
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
    <RouterNavLink
      to={to}
      className={({ isActive }) => cn(topLinkClass, isActive ? "text-primary" : "text-foreground")}
    >
      {children}
    </RouterNavLink>
  );
}

/**
 * A top-bar menu (desktop). Until the browser is idle after hydration it is a plain button with
 * the menu trigger's markup: a closed Radix menu still mounts its providers, sets ids in layout
 * effects and re-renders to record its anchor, work that used to run inside the page's hydration
 * commit (docs/decisions/0303). Pressing it before then (pointer, Enter, Space, ArrowDown) mounts
 * the menu open; if it had focus when the menu mounts, the menu's trigger takes the focus over.
 */
function NavMenu({ label, children }: { label: string; children: React.ReactNode }) {
  const idle = useIdleMount();
  const [openedEarly, setOpenedEarly] = React.useState(false);
  const hadFocus = React.useRef(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  React.useLayoutEffect(() => {
    if (idle && hadFocus.current) triggerRef.current?.focus();
  }, [idle]);
  const content = (
    <>
      {label} <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
  const className = cn(topLinkClass, "text-foreground");
  if (!idle && !openedEarly) {
    return (
      <button
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        onFocus={() => (hadFocus.current = true)}
        onBlur={() => (hadFocus.current = false)}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          setOpenedEarly(true);
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
          event.preventDefault();
          setOpenedEarly(true);
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <DropdownMenu modal={false} defaultOpen={openedEarly}>
      <DropdownMenuTrigger ref={triggerRef} className={className}>
        {content}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">{children}</DropdownMenuContent>
    </DropdownMenu>
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
          <NavMenu label="Solutions">
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
          </NavMenu>

          <TopNavLink to={paths.pricing}>Pricing</TopNavLink>
          <TopNavLink to={paths.enterprise}>Enterprise</TopNavLink>

          <NavMenu label="Resources">
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
          </NavMenu>
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

  const mounted = useEverTrue(open);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {mounted ? (
        <Sheet open={open} onOpenChange={setOpen}>
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
      ) : null}
    </>
  );
}
