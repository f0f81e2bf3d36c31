import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  alternatives,
  averageCallMinutes,
  calculator,
  calculatorLimits as limits,
  estimateCosts,
  flatPlanSaving,
  formatSavings,
  scenariosOf,
  type CostEstimate,
  type Range,
  type Scenario,
} from "~/content/compare";
import { monthlyPrice } from "~/content/pricing";
import { formatUsd, formatUsdRange } from "~/content/format";
import { cn } from "~/lib/cn";

function parseWithin(raw: string, min: number, max: number): number | null {
  if (raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** One of the calculator's two inputs: label, number box and the hint it points to, on a subgrid so both boxes line up. */
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
  inputRef,
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
  inputRef: React.Ref<HTMLInputElement>;
}) {
  return (
    <div className="row-span-3 grid grid-rows-subgrid gap-y-2">
      <Label htmlFor={id} className="self-end">
        {/* Two lines on a phone: the label's own line height (leading-none) is too tight for that. */}
        <span className="leading-snug">{label}</span>
      </Label>
      <Input
        ref={inputRef}
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
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}


type Column = { id: "yours" | "busy"; name: string; estimate: CostEstimate | null };

/**
 * The page's one view of the costs: monthly interactions and call minutes in; each option's
 * monthly cost and the flat plan's saving out, for those numbers and, beside them, for a busy
 * month, with a bar to one scale beside every figure. It opens on the quiet month, so the
 * prerendered page shows both scenarios (app/content/compare.ts; docs/product.md#design).
 */
export function CostCalculator({ flatPlan = monthlyPrice }: { flatPlan?: number }) {
  const [quietMonth, busyMonth] = React.useMemo(() => scenariosOf(flatPlan) as [Scenario, Scenario], [flatPlan]);
  const [interactionsRaw, setInteractionsRaw] = React.useState(String(quietMonth.estimate.interactions));
  const [minutesRaw, setMinutesRaw] = React.useState(String(averageCallMinutes));
  const interactionsId = React.useId();
  const minutesId = React.useId();
  const interactionsInput = React.useRef<HTMLInputElement>(null);
  const minutesInput = React.useRef<HTMLInputElement>(null);
  const results = React.useRef<HTMLDivElement>(null);

  // The prerendered inputs take typing before the page's code has loaded, and React keeps what is
  // in them when it hydrates: the figures take those numbers over before the first paint after.
  React.useLayoutEffect(() => {
    const typedInteractions = interactionsInput.current?.value;
    const typedMinutes = minutesInput.current?.value;
    if (typedInteractions !== undefined) setInteractionsRaw(typedInteractions);
    if (typedMinutes !== undefined) setMinutesRaw(typedMinutes);
  }, []);
  const interactions = parseWithin(interactionsRaw, limits.interactions.min, limits.interactions.max);
  const minutes = parseWithin(minutesRaw, limits.minutes.min, limits.minutes.max);
  const estimate = interactions !== null && minutes !== null ? estimateCosts(Math.round(interactions), minutes, flatPlan) : null;
  const isQuietMonth = estimate?.interactions === quietMonth.estimate.interactions && estimate.averageMinutes === quietMonth.estimate.averageMinutes;
  const columns: Column[] = [
    { id: "yours", name: isQuietMonth ? quietMonth.name : calculator.yourNumbers, estimate },
    { id: "busy", name: busyMonth.name, estimate: busyMonth.estimate },
  ];

  return (
    <div className="rounded-2xl border border-border bg-background shadow-sm lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]" data-testid="cost-calculator">
      {/* The inputs and what they amount to above the figures; from lg up, beside them. */}
      <div className="p-4 sm:p-6 lg:border-r lg:border-border">
        {/* The arithmetic needs JavaScript: without it the inputs give way to a note, and the
            figures show the two scenarios prerendered. With it, the figures follow the inputs as
            they are typed; Calculate (or Enter) takes the visitor to them. Method "dialog" outside
            a dialog makes a press before the code has loaded submit nowhere, instead of
            reloading the page and losing the numbers typed. */}
        <p className="hidden text-[0.9375rem] text-muted-foreground noscript:block" data-testid="calculator-no-script">
          {calculator.noScript}
        </p>
        <form
          method="dialog"
          noValidate
          className="grid grid-cols-2 gap-x-4 sm:gap-x-6 lg:grid-cols-1 lg:gap-y-6 noscript:hidden"
          onSubmit={(event) => {
            event.preventDefault();
            results.current?.focus();
          }}
          aria-label={calculator.formLabel}
        >
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
            inputRef={interactionsInput}
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
            inputRef={minutesInput}
          />
          <Button type="submit" variant="outline" className="col-span-2 mt-4 lg:col-span-1 lg:mt-0">
            {calculator.submitLabel}
          </Button>
        </form>
        <div aria-live="polite" className="mt-4 text-[0.9375rem] lg:mt-6">
          {estimate ? (
            <p className="text-muted-foreground" data-testid="calculator-usage">
              {calculator.usage(estimate)}
            </p>
          ) : (
            <p className="font-medium text-destructive" role="alert">
              {calculator.invalid}
            </p>
          )}
          {estimate?.overDailyCap ? (
            <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="calculator-overflow">
              {calculator.overDailyCap}
            </p>
          ) : null}
        </div>
      </div>

      <div ref={results} tabIndex={-1} aria-live="polite" className="border-t border-border outline-none lg:border-t-0" data-testid="calculator-figures">
        <CostTable columns={columns} />
        <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground sm:px-6">{calculator.barsNote}</p>
      </div>
    </div>
  );
}

/**
 * Options down, the two columns across: one level of headers, the columns' across the top and
 * each option's at the start of its row, tied to the figures by `scope`. From md up the option's
 * header shows on the left; on a phone it is read there but shown as a row of its own above the
 * two figures, a copy hidden from assistive technology (a header row would make a second level of
 * headers, which needs `headers`/`id` on every figure). The bars are decorative: the figures carry
 * the information.
 */
function CostTable({ columns }: { columns: Column[] }) {
  const scale = Math.max(
    ...columns.flatMap((column) => (column.estimate ? alternatives.map((a) => column.estimate!.alternatives[a.id].high) : [])),
  );
  const percent = (value: number) => `${Math.max(1.5, Math.min(100, (value / scale) * 100))}%`;
  const optionCell = "px-4 pt-3 text-left font-semibold sm:px-6 md:py-4";
  // The option's header, read at every width. On a phone its column is 0 wide (the first row's
  // cell sets it: the table's layout is fixed) and its text visually hidden; from md up it shows.
  const rowHeader = "text-left font-semibold md:px-6 md:py-4";
  const rowHeaderText = (name: string) => <span className="sr-only md:not-sr-only">{name}</span>;
  const valueCell = "px-4 pb-4 pt-1 align-top sm:px-6 md:pt-4";
  // Spans the 0-wide header column too.
  const phoneName = (name: string, className?: string) => (
    <tr className="md:hidden" aria-hidden="true">
      <td colSpan={3} className={cn(optionCell, className)}>
        {name}
      </td>
    </tr>
  );

  return (
    <table className="w-full table-fixed text-[0.9375rem]" data-testid="calculator-results">
      <caption className="sr-only">{calculator.caption}</caption>
      <thead>
        <tr>
          <td className="w-0 md:w-auto" />
          {columns.map((column) => (
            <th key={column.id} scope="col" className="px-4 pb-2 pt-4 text-left align-bottom font-semibold sm:px-6" data-column={column.id}>
              {column.name}
              <span className="mt-0.5 block text-sm font-normal text-muted-foreground">
                {column.estimate ? calculator.volume(column.estimate) : calculator.noFigure}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="border-t border-border bg-primary-soft" data-alternative="flat">
        {phoneName(calculator.flatPlanRow, "text-primary-hover")}
        <tr>
          <th scope="row" className={cn(rowHeader, "text-primary-hover")}>
            {rowHeaderText(calculator.flatPlanRow)}
          </th>
          {columns.map((column) => (
            <td key={column.id} className={valueCell} data-column={column.id}>
              {column.estimate ? (
                <>
                  <Figure value={formatUsd(column.estimate.flatPlan)} flat />
                  <Bar range={{ low: column.estimate.flatPlan, high: column.estimate.flatPlan }} percent={percent} flat />
                  <p className="mt-1.5 text-sm text-muted-foreground">{calculator.flatPlanNote}</p>
                </>
              ) : (
                <Figure value={calculator.noFigure} />
              )}
            </td>
          ))}
        </tr>
      </tbody>
      {alternatives.map((alternative) => (
        <tbody key={alternative.id} className="border-t border-border" data-alternative={alternative.id}>
          {phoneName(alternative.name)}
          <tr>
            <th scope="row" className={rowHeader}>
              {rowHeaderText(alternative.name)}
            </th>
            {columns.map((column) => {
              if (!column.estimate) {
                return (
                  <td key={column.id} className={valueCell} data-column={column.id}>
                    <Figure value={calculator.noFigure} />
                  </td>
                );
              }
              const cost = column.estimate.alternatives[alternative.id];
              return (
                <td key={column.id} className={valueCell} data-column={column.id}>
                  <Figure value={formatUsdRange(cost.low, cost.high)} testId="cost" />
                  <Bar range={cost} percent={percent} />
                  <p className="mt-1.5 text-sm text-muted-foreground" data-testid="saving">
                    {flatPlanSaving(formatSavings(column.estimate.savings[alternative.id]))}
                  </p>
                </td>
              );
            })}
          </tr>
        </tbody>
      ))}
    </table>
  );
}

function Figure({ value, flat = false, testId }: { value: string; flat?: boolean; testId?: string }) {
  return (
    <span className={cn("block font-semibold tabular-nums", flat && "text-primary-hover")} data-testid={testId}>
      {value}
    </span>
  );
}

/** A cost to scale: the darker part runs to the low estimate, the lighter part to the high one. */
function Bar({ range, percent, flat = false }: { range: Range; percent: (value: number) => string; flat?: boolean }) {
  return (
    <div className="relative mt-2 h-2.5 overflow-hidden rounded-full bg-muted-strong" aria-hidden="true">
      {flat ? (
        <div className="absolute inset-y-0 left-0 rounded-full bg-primary" style={{ width: percent(range.low) }} />
      ) : (
        <>
          <div className="absolute inset-y-0 left-0 rounded-full bg-slate-400" style={{ width: percent(range.high) }} />
          <div className="absolute inset-y-0 left-0 rounded-full bg-slate-700" style={{ width: percent(range.low) }} />
        </>
      )}
    </div>
  );
}
