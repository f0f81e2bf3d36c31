/** Labels of the calls to action that several pages (and the site's header) share. */
export const ctaLabels = {
  bookDemo: "Book demo",
  bookADemo: "Book a demo",
  bookSetupCall: "Book a setup call",
  contactUs: "Contact us",
  seePricing: "See pricing",
  compareCosts: "Compare costs",
} as const;
