/**
 * An open role's page (/careers/<slug>, docs/decisions/0905). Apart from careers.ts so that the
 * two pages share no chunk of copy: each loads only its own words.
 */
export const rolePage = {
  team: "Team",
  location: "Location",
  type: "Employment type",
  posted: "Posted",
  closes: "Closes on",
  apply: "Apply by e-mail",
  /** The e-mail's subject, before the role's title. */
  applySubject: "Application:",
  applyNote: "Send a few lines about you and what you have built; a CV or a link to your work helps.",
  writeTo: "Or write to",
  back: "All open roles",
  /** The page's title after the role's, before the brand. */
  titleSuffix: "Careers",
} as const;
