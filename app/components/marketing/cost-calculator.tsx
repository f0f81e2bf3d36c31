import * as React from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  alternatives,
  assumptions,
  averageCallMinutes,
  calculator,
  calculatorLimits as limits,
  estimateCosts,
  flatPlanSaving,
  formatSavings,
} from "~/content/compare";
import { formatUsd, formatUsdRange } from "~/content/format";

function parseWithin(raw: string, min: number, max: number): number | null {
  if (raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** One of the calculator's two inputs: a number box with its label and the hint it points to. */
function NumberField({
  id,
  label,
  hint,
  inputMode,
  limits: { min, max },
  step,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  hint: string;
  inputMode: "numeric" | "decimal";
  limits: { min: number; max: number };
  step: number;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={inputMode}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/**
 * Monthly interactions and average call minutes in; each alternative's monthly cost and the
 * flat plan's saving out, from the same model as the scenarios (app/content/compare.ts).
 */
export function CostCalculator() {
  const [interactionsRaw, setInteractionsRaw] = React.useState(String(assumptions.interactionsPerMonth.low));
  const [minutesRaw, setMinutesRaw] = React.useState(String(averageCallMinutes));
  const interactionsId = React.useId();
  const minutesId = React.useId();
  const interactions = parseWithin(interactionsRaw, limits.interactions.min, limits.interactions.max);
  const minutes = parseWithin(minutesRaw, limits.minutes.min, limits.minutes.max);
  const estimate = interactions !== null && minutes !== null ? estimateCosts(Math.round(interactions), minutes) : null;

  return (
    <div className="rounded-2xl border border-border bg-background p-5 shadow-sm sm:p-8" data-testid="cost-calculator">
      <form className="grid gap-5 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()} aria-label={calculator.formLabel}>
        <NumberField
          id={interactionsId}
          label={calculator.interactionsLabel}
          hint={calculator.interactionsHint}
          inputMode="numeric"
          limits={limits.interactions}
          step={1}
          value={interactionsRaw}
          onChange={setInteractionsRaw}
          invalid={interactions === null}
        />
        <NumberField
          id={minutesId}
          label={calculator.minutesLabel}
          hint={calculator.minutesHint}
          inputMode="decimal"
          limits={limits.minutes}
          step={0.5}
          value={minutesRaw}
          onChange={setMinutesRaw}
          invalid={minutes === null}
        />
      </form>

      <div aria-live="polite" className="mt-8">
        {estimate ? (
          <>
            {/* Three columns from sm up; on a phone the saving sits under each cost instead. */}
            <table className="w-full text-left text-sm" data-testid="calculator-results">
              <caption className="sr-only">{calculator.caption(estimate)}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pl-2 pr-4 font-semibold">{calculator.columns.option}</th>
                  <th scope="col" className="py-2 pr-2 text-right font-semibold sm:pr-4 sm:text-left">{calculator.columns.cost}</th>
                  <th scope="col" className="hidden py-2 font-semibold sm:table-cell">{calculator.columns.saving}</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-border bg-primary-soft" data-alternative="flat">
                  <th scope="row" className="py-3 pl-2 pr-4 font-semibold">{calculator.flatPlanRow}</th>
                  <td className="py-3 pr-2 text-right font-semibold sm:pr-4 sm:text-left">{formatUsd(estimate.flatPlan)}</td>
                  <td className="hidden py-3 sm:table-cell">{calculator.noSaving}</td>
                </tr>
                {alternatives.map((alternative) => {
                  const cost = estimate.alternatives[alternative.id];
                  const saving = formatSavings(estimate.savings[alternative.id]);
                  return (
                    <tr key={alternative.id} className="border-b border-border last:border-b-0" data-alternative={alternative.id}>
                      <th scope="row" className="py-3 pl-2 pr-4 font-medium">{alternative.name}</th>
                      <td className="py-3 pr-2 text-right sm:pr-4 sm:text-left">
                        <span className="whitespace-nowrap" data-testid="alternative-cost">
                          {formatUsdRange(cost.low, cost.high)}
                        </span>
                        <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">{flatPlanSaving(saving)}</span>
                      </td>
                      <td className="hidden py-3 sm:table-cell" data-testid="alternative-saving">
                        {saving}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="mt-4 text-sm text-muted-foreground">{calculator.usage(estimate)}</p>
            {estimate.overDailyCap ? (
              <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="calculator-overflow">
                {calculator.overDailyCap}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm font-medium text-destructive" role="alert">
            {calculator.invalid}
          </p>
        )}
      </div>
    </div>
  );
}
