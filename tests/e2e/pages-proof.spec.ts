import { expect, readingTest as test } from "./fixtures";
import { paths } from "../../shared/site-routes";
import { trustedByLabel, trustedByNames } from "../../app/content/home";
import { outcomesLabel } from "../../app/content/outcomes";
import { expectOutcomes, sectionByHeading } from "./pages-support";

/* The proof on the public pages: the trusted-by strip and the vendor-reported outcomes. */

test("home: the trusted-by strip names the six example customers; the vendor-reported outcomes", async ({ page }) => {
  await page.goto(paths.home);
  // The required words (docs/product.md#trusted-by-strip), in their case.
  expect(trustedByLabel).toBe("Trusted by teams like");
  await expect(page.getByRole("heading", { level: 2, name: "Trusted by teams like", exact: true })).toHaveCSS("text-transform", "none");
  const trusted = sectionByHeading(page, trustedByLabel);
  await expect(trusted.getByRole("listitem")).toHaveText(trustedByNames);
  expect(trustedByNames).toHaveLength(6);

  await expectOutcomes(page, page.getByRole("list", { name: outcomesLabel }));
});
