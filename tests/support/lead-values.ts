/**
 * Valid values of the booking and contact forms, as a visitor fills them in: the bodies the API
 * tests post (tests/api/leads-support.ts) and the values the shared schemas' tests start from.
 */
export const bookingValues = {
  name: "Ada Lovelace",
  job_title: "Owner",
  work_email: "ada@example.com",
  company_name: "Analytical Engines LLC",
  total_calls: 400,
  tcpa_consent: true,
};

export const contactValues = {
  name: "Alan Turing",
  company: "Bletchley Trades",
  role: "Owner",
  email: "alan@example.com",
  phone: "+1 (555) 010-0100",
  industry: "trades",
  company_size: "11-50",
  notes: "We miss calls after 5pm.",
};
