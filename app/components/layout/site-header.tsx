import * as React from "react";
import { NavLink as RouterNavLink } from "react-router";
import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { navLabels } from "~/content/brand";
import { cn } from "~/lib/cn";
import { paths } from "@shared/site-routes";
import { SiteLogo } from "./site-logo";
import { MobileMenu, NavMenu } from "./header-menus";

const topLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted [&:has(+:popover-open)]:bg-muted";

const navMenuClass = cn(topLinkClass, "text-foreground");

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

export function SiteHeader() {
  return (
    // Solid rather than frosted: a backdrop blur redraws what scrolls under the bar on every frame
    // and delayed the first paint on a throttled phone (docs/product.md#design).
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background">
      {/* From lg up, three columns, the menu and the actions at their full widths from the start
          (their texts' widths in the system font): their places do not depend on what comes after
          them or on how much of them is parsed, so a page painted half-parsed on a slow machine
          does not slide them across (a layout shift). */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:grid lg:grid-cols-[1fr_auto_1fr] lg:justify-items-start">
        <SiteLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex lg:min-w-[25.25rem]">
          <NavMenu kind="solutions" label={navLabels.solutions} className={navMenuClass} />

          <TopNavLink to={paths.pricing}>{navLabels.pricing}</TopNavLink>
          <TopNavLink to={paths.enterprise}>{navLabels.enterprise}</TopNavLink>

          <NavMenu kind="resources" label={navLabels.resources} className={navMenuClass} />
        </nav>

        <div className="flex items-center gap-2 lg:min-w-[7.5rem] lg:justify-self-end">
          <BookDemoButton location="navbar" size="default" icon={false} className="max-lg:hidden" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
