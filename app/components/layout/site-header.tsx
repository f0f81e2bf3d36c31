import * as React from "react";
import { NavLink as RouterNavLink } from "react-router";
import { ChevronDown, Menu } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useEverTrue } from "~/lib/deferred-mount";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { navLabels } from "~/content/brand";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { SiteLogo } from "./site-logo";
import type { NavMenuKind } from "./header-menus";

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

const NavDropdown = React.lazy(() => import("./header-menus").then((m) => ({ default: m.NavDropdown })));
const MobileMenuSheet = React.lazy(() => import("./header-menus").then((m) => ({ default: m.MobileMenuSheet })));

/**
 * A top-bar menu (desktop). Until the visitor reaches for it (pointer over it, or pressing it) it
 * is a plain button with the menu trigger's markup; the Radix menu (its code, providers, ids set in
 * layout effects and a re-render to record its anchor) then replaces it. That work used to run on
 * every page load, phones included, where this bar is not even shown (docs/decisions/0303).
 * Pressing the plain button (pointer, Enter, Space, ArrowDown) brings the menu in open at once.
 * Focus alone does not swap it (a key pressed during the swap would be lost); if the pointer
 * swaps it while it has focus, the menu's trigger takes the focus over.
 */
function NavMenu({ kind, label }: { kind: NavMenuKind; label: string }) {
  const [wanted, setWanted] = React.useState(false);
  const want = () => React.startTransition(() => setWanted(true));
  const [openedEarly, setOpenedEarly] = React.useState(false);
  const [hadFocus, setHadFocus] = React.useState(false);
  const content = (
    <>
      {label} <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
  const className = cn(topLinkClass, "text-foreground");
  const placeholder = (
    <button
      type="button"
      className={className}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={want}
      onFocus={() => setHadFocus(true)}
      onBlur={() => setHadFocus(false)}
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
  if (!wanted && !openedEarly) return placeholder;
  return (
    <React.Suspense fallback={placeholder}>
      <NavDropdown kind={kind} className={className} defaultOpen={openedEarly} focusOnMount={hadFocus && !openedEarly}>
        {content}
      </NavDropdown>
    </React.Suspense>
  );
}

export function SiteHeader() {
  return (
    // Solid rather than frosted: a backdrop blur redraws what scrolls under the bar on every frame
    // and delayed the first paint on a throttled phone (docs/decisions/0901-product-visuals.md).
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavMenu kind="solutions" label={navLabels.solutions} />

          <TopNavLink to={paths.pricing}>{navLabels.pricing}</TopNavLink>
          <TopNavLink to={paths.enterprise}>{navLabels.enterprise}</TopNavLink>

          <NavMenu kind="resources" label={navLabels.resources} />
        </nav>

        <div className="flex items-center gap-2">
          <BookDemoButton location="navbar" size="default" icon={false} className="max-lg:hidden" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function MobileMenu() {
  const [open, setOpen] = React.useState(false);
  const mounted = useEverTrue(open);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={navLabels.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {mounted ? (
        <React.Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}
