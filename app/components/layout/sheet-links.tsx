import { Link } from "react-router";
import { merchLabel, resourceLinks, type NavLink } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ExternalLink } from "./external-link";

type LinkListProps = { className: string; onNavigate: () => void };

/** Links in a menu sheet: each one closes the sheet as it navigates. */
export function SheetLinks({ links, className, onNavigate }: LinkListProps & { links: readonly NavLink[] }) {
  return links.map((link) => (
    <Link key={link.to} to={link.to} className={className} onClick={onNavigate}>
      {link.label}
    </Link>
  ));
}

/** The Resources group (About, Careers, FAQ, then the merch shop in a new tab), in the hamburger and tab-bar sheets. */
export function ResourceSheetLinks({ className, onNavigate }: LinkListProps) {
  const { merchUrl } = getRuntimeConfig();
  return (
    <>
      <SheetLinks links={resourceLinks} className={className} onNavigate={onNavigate} />
      <ExternalLink href={merchUrl} className={className} onClick={onNavigate}>
        {merchLabel}
      </ExternalLink>
    </>
  );
}
