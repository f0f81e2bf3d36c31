/** The /contact form (lead-capture work replaces this placeholder). */
export function ContactForm() {
  return <div data-placeholder="contact-form" />;
}
