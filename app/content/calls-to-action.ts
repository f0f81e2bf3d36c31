/** Labels of the calls to action that several pages (and the site's header) share. */
export const ctaLabels = {
  bookDemo: "Book demo",
  bookADemo: "Book a demo",
  bookSetupCall: "Book a setup call",
  contactUs: "Contact us",
  seePricing: "See pricing",
  compareCosts: "Compare costs",
} as const;

/**
 * The short line under a primary action that answers "what am I signing up for?"
 * (docs/product.md#reassurance-lines). Every claim is one the terms already make: a setup call of
 * about 10 minutes, the 7-day trial with no charge on signup, the 30-day money-back guarantee, the
 * 30-minute enterprise call, and that a contact form's details serve only the reply.
 */
export const reassurance = {
  /** Under Book demo (booking dialog or /book). */
  bookDemo: "10-minute call · no card needed · 30-day money-back guarantee",
  /** Under Book a setup call on the feature pages and /book (the 7-day trial pages). */
  setupCall: "10-minute setup call · 7-day free trial · no charge on signup",
  /** Under the enterprise request and Book a demo on /enterprise and /compare. */
  enterprise: "30-minute call with our team · security and procurement questions answered",
  /** Under the contact form's send button. */
  contact: "We use your details only to answer your message",
} as const;
