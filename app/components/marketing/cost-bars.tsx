import { answeringServiceCost, costBarsSection, type Scenario } from "~/content/compare";
import { formatUsd, formatUsdRange } from "~/content/format";
import { monthlyPrice } from "~/content/pricing";

/**
 * Flat fee versus per-minute billing, per scenario: the bar lengths are proportional to the
 * monthly cost; the figures next to them carry the information (the bars are decorative).
 */
export function CostBars({ scenarios }: { scenarios: readonly Scenario[] }) {
  const max = Math.max(...scenarios.map((s) => answeringServiceCost(s.estimate.minutesPerMonth).high));
  const width = (value: number) => `${Math.max(2, (value / max) * 100)}%`;
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {scenarios.map((scenario) => {
        const perMinute = scenario.estimate.alternatives["answering-service"];
        return (
          <figure key={scenario.id} className="rounded-xl border border-border bg-background p-6 shadow-sm" data-testid={`bars-${scenario.id}`}>
            <figcaption className="font-semibold">{costBarsSection.caption(scenario)}</figcaption>
            <ul className="mt-5 flex flex-col gap-4 text-sm">
              <li>
                <p className="flex justify-between gap-2">
                  <span>{costBarsSection.flatPlanLabel}</span>
                  <span className="font-semibold">{formatUsd(monthlyPrice)}</span>
                </p>
                <div className="mt-1 h-3 rounded-full bg-muted" aria-hidden="true">
                  <div className="h-3 rounded-full bg-primary" style={{ width: width(monthlyPrice) }} />
                </div>
              </li>
              <li>
                <p className="flex justify-between gap-2">
                  <span>{costBarsSection.perMinuteLabel}</span>
                  <span className="whitespace-nowrap font-semibold">{formatUsdRange(perMinute.low, perMinute.high)}</span>
                </p>
                <div className="relative mt-1 h-3 rounded-full bg-muted" aria-hidden="true">
                  <div className="absolute h-3 rounded-full bg-slate-400" style={{ width: width(perMinute.high) }} />
                  <div className="absolute h-3 rounded-full bg-slate-700" style={{ width: width(perMinute.low) }} />
                </div>
              </li>
            </ul>
          </figure>
        );
      })}
    </div>
  );
}
