import { describe, expect, it } from "vitest";
import { paths } from "@shared/site-routes";
import { pageSeo } from "./seo";
import { trialReading } from "./pricing";

// Titles and descriptions quote figures from the content module; these are the required figures
// (docs/product.md#marketing-claims, docs/product.md#constants-and-limits), pinned here so that a
// changed constant shows up in search results on purpose.
describe("page titles and descriptions", () => {
  it("quote the required price, daily inclusion, guarantee, scenarios, setup call and uptime", () => {
    expect(pageSeo[paths.home]!.description).toContain("Flat $799 per month.");
    expect(pageSeo[paths.pricing]!.title).toContain("flat $799 per month");
    expect(pageSeo[paths.pricing]!.description).toContain("100 inbound interactions per day");
    expect(pageSeo[paths.pricing]!.description).toContain("30-day money-back guarantee");
    expect(pageSeo[paths.compare]!.description).toContain("at 400 and 1,200 interactions a month");
    expect(pageSeo[paths.book]!.title).toContain("10-minute setup call");
    expect(pageSeo[paths.enterprise]!.description).toContain("99.9% uptime target");
  });

  it("give the contact page the trial claim of the chosen reading", () => {
    expect(trialReading).toBe("per-page");
    expect(pageSeo[paths.contact]!.title).toContain("start your 30-day trial");
  });
});
