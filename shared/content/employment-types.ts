/**
 * schema.org's employmentType values a role may have (decision 0905), and how the site says them.
 * Apart from the schemas (no zod): /careers and a role's page read the words at start-up.
 */
export const employmentTypes = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"] as const;
export type EmploymentType = (typeof employmentTypes)[number];
export const employmentTypeLabels: Record<EmploymentType, string> = {
  FULL_TIME: "Full-time",
  PART_TIME: "Part-time",
  CONTRACTOR: "Contractor",
  INTERN: "Internship",
};
