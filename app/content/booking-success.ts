import { terms } from "./pricing";

/** The confirmation page after a booking in the scheduler. */
export const bookingSuccess = {
  /** Used when the link carries no name (docs/product.md#booking-success-page). */
  defaultName: "Guest",
  /** The heading: before the page has read the link's name, and after. */
  thanks: (name: string | null) => (name ? `Thank you, ${name}!` : "Thank you!"),
  booked: "Your call is booked.",
  /** Followed by the visitor's email. */
  invitationTo: "A calendar invitation is on its way to",
  invitationWithoutEmail: "A calendar invitation is on its way to your inbox.",
  nextSteps: [
    `We'll contact you within ${terms.contactWithinHours} hours to confirm the details.`,
    "Bring a rough idea of your call volume and the questions callers ask most.",
  ],
  homeLabel: "Back to Home",
  featuresLabel: "Explore features",
  /** Followed by the support email address. */
  changeSomething: "Need to change something? Email",
} as const;
