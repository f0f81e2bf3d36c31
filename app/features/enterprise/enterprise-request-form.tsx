/** The inline enterprise request form on /enterprise (lead-capture work replaces this placeholder). */
export function EnterpriseRequestForm() {
  return <div data-placeholder="enterprise-request-form" />;
}
