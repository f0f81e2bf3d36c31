import * as React from "react";
import { Link } from "react-router";
import { brand, footerLabels } from "~/content/brand";
import { ResellerSeal } from "~/components/marketing/reseller-seal";
import { SiteLogo } from "./site-logo";
import { useFooterColumns } from "./resource-links";
import { useConsentUi } from "~/lib/consent-ui";

const subscribeNever = () => () => {};
const currentYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

export function SiteFooter() {
  const { openPreferences } = useConsentUi();
  const footerColumns = useFooterColumns();
  // The HTML is prerendered at build time: hydrate with the build's year, then show today's.
  const year = React.useSyncExternalStore(subscribeNever, currentYear, buildYear);
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 flex flex-col gap-4 sm:col-span-3 md:col-span-1">
          <SiteLogo />
          <p className="max-w-xs text-sm text-muted-foreground">{brand.tagline}</p>
          <ResellerSeal />
        </div>
        {footerColumns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border pb-16 lg:pb-0">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <p>
            © {year} {brand.name}. {footerLabels.rightsReserved}
          </p>
          <button type="button" onClick={openPreferences} className="underline-offset-4 hover:text-foreground hover:underline">
            {footerLabels.cookieSettings}
          </button>
        </div>
      </div>
    </footer>
  );
}
