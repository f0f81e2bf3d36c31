import { describe, expect, it } from "vitest";
import { usage } from "~/content/pricing";
import { INCLUDED_CALLS_PER_MONTH, fitLabels, fitTierOf } from "@shared/schemas/lead-fit";
import { emailDomain } from "../../server/leads/lead-fit";

describe("fit tiers", () => {
  it("measure calls against the pricing page's included volume (100 a day over a 30-day month)", () => {
    expect(INCLUDED_CALLS_PER_MONTH).toBe(usage.inboundPerDay * usage.daysPerMonth);
    expect(fitTierOf(INCLUDED_CALLS_PER_MONTH, 10_000)).toBe("within_plan");
    expect(fitTierOf(INCLUDED_CALLS_PER_MONTH + 1, 10_000)).toBe("above_plan");
    expect(fitTierOf(10_001, 10_000)).toBe("enterprise");
    expect(fitTierOf(null, 10_000)).toBe("unknown");
  });

  it("label only what calls for attention, in a fixed order", () => {
    expect(fitLabels({ tier: "above_plan", emailKind: "work" })).toEqual([]);
    expect(fitLabels({ tier: "enterprise", emailKind: "disposable" })).toEqual(["Enterprise fit", "Disposable e-mail"]);
  });

  it("read the domain after the last @, lowercased, without a trailing dot", () => {
    expect(emailDomain('"a@b"@Mail.Example.COM.')).toBe("mail.example.com");
    expect(emailDomain("no-at-sign")).toBe("");
  });
});
