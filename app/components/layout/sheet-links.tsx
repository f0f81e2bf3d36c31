import { Link } from "react-router";
import { merchLabel, resourceLinks, type NavLink } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ExternalLink } from "./external-link";

type LinkListProps = { className: string };

/** Links in a menu sheet (the sheet closes itself when one is pressed: app/components/ui/sheet.tsx). */
export function SheetLinks({ links, className }: LinkListProps & { links: readonly NavLink[] }) {
  return links.map((link) => (
    <Link key={link.to} to={link.to} className={className}>
      {link.label}
    </Link>
  ));
}

/** The Resources group (About, Careers, FAQ, then the merch shop in a new tab), in the hamburger and tab-bar sheets. */
export function ResourceSheetLinks({ className }: LinkListProps) {
  const { merchUrl } = getRuntimeConfig();
  return (
    <>
      <SheetLinks links={resourceLinks} className={className} />
      <ExternalLink href={merchUrl} className={className}>
        {merchLabel}
      </ExternalLink>
    </>
  );
}
