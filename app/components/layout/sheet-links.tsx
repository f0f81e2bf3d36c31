import { Link } from "react-router";
import { merchLabel, type NavLink } from "~/content/brand";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { ExternalLink } from "./external-link";
import { useResourceLinks } from "./resource-links";

type LinkListProps = { className: string };

/** Links in a menu sheet (the sheet closes itself when one is pressed: app/components/ui/sheet.tsx). */
export function SheetLinks({ links, className }: LinkListProps & { links: readonly NavLink[] }) {
  return links.map((link) => (
    <Link key={link.to} to={link.to} className={className}>
      {link.label}
    </Link>
  ));
}

/** The Resources group (About, Careers, FAQ, Customers and the Blog once published, then the merch shop in a new tab), in the hamburger and tab-bar sheets. */
export function ResourceSheetLinks({ className }: LinkListProps) {
  const { merchUrl } = getRuntimeConfig();
  const links = useResourceLinks();
  return (
    <>
      <SheetLinks links={links} className={className} />
      <ExternalLink href={merchUrl} className={className}>
        {merchLabel}
      </ExternalLink>
    </>
  );
}
