import { terms } from "./pricing";

/** The booking dialog every Book demo button opens (docs/product.md#booking-dialog). */
export const bookingDialog = {
  title: "SEE HOW AI CAN TRANSFORM YOUR BUSINESS",
  description: `Tell us about your business and we'll set up a ${terms.setupCallMinutes}-minute call.`,
} as const;
