import { securityPoints } from "~/content/outcomes";
import { IconCardGrid } from "./icon-card-grid";

/**
 * The security and compliance points (docs/product.md#security-and-compliance-points), as cards
 * in the site's card style.
 * Shared by /features and /enterprise; each page keeps its own section heading.
 */
export function SecurityPoints() {
  return <IconCardGrid items={securityPoints} columns={3} align="center" />;
}
