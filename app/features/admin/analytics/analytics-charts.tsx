import * as React from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsReport } from "@shared/api/analytics-api";
import { formatCount } from "@shared/number-format";
import type { FunnelRow } from "./analytics-query";
import { formatDay, formatShortDay } from "../format";

/**
 * The report's two charts, with Recharts (docs/decisions/0801). This module is imported lazily by
 * the analytics screen only, so Recharts never reaches a public page or the other admin screens.
 * Shaped like shadcn's chart: thin wrappers, series colours from the theme's variables
 * (app/app.css), a card-like tooltip. Each chart is one image to assistive technology (role="img"
 * with its figures in words); the screen's tables carry the same numbers.
 */

/** The series and their theme colours: visitors in the accent, submissions in the success green. */
export const chartConfig = {
  visitors: { label: "Visitors", color: "var(--color-primary)" },
  submissions: { label: "Submissions", color: "var(--color-success)" },
} as const;

const tick = { fill: "var(--color-muted-foreground)", fontSize: 12 };

/** A chart's box: fills its column, fixed height, the chart inside resizing with it; one image with its summary. */
function ChartFrame({ label, height, children }: { label: string; height: number; children: React.ReactNode }) {
  return (
    <div role="img" aria-label={label} className="w-full min-w-0" style={{ height }} data-testid="analytics-chart">
      {children}
    </div>
  );
}

type TooltipItem = { name?: unknown; value?: unknown; color?: string; dataKey?: unknown };

/**
 * The tooltip, as a card. Recharts clones it with its own props (active, payload, label); the
 * day's format has a name of its own so Tooltip's `labelFormatter` cannot overwrite it.
 */
function ChartTooltipContent({
  active,
  payload,
  label,
  formatLabel,
}: { active?: boolean; payload?: readonly TooltipItem[]; label?: unknown; formatLabel?: (label: string) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border border-border bg-background px-3 py-2 text-xs shadow-md">
      {label !== undefined ? <p className="mb-1 font-semibold">{formatLabel ? formatLabel(String(label)) : String(label)}</p> : null}
      <ul className="grid gap-0.5">
        {payload.map((item) => (
          <li key={String(item.dataKey)} className="flex items-center gap-2">
            <span className="size-2.5 rounded-sm" style={{ background: item.color }} aria-hidden="true" />
            <span className="text-muted-foreground">{String(item.name)}</span>
            <span className="ml-auto font-semibold tabular-nums">{formatCount(Number(item.value))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The funnel: one horizontal bar per step, its count at the bar's end. */
export function FunnelChart({ rows, label }: { rows: FunnelRow[]; label: string }) {
  return (
    <ChartFrame label={label} height={rows.length * 40 + 16}>
      <BarChart
        responsive
        style={{ width: "100%", height: "100%" }}
        data={rows}
        layout="vertical"
        margin={{ top: 4, right: 40, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={132} tick={tick} tickLine={false} axisLine={false} interval={0} />
        <Bar dataKey="count" name="Visitors who took the step" fill={chartConfig.visitors.color} radius={4} isAnimationActive={false} minPointSize={2}>
          <LabelList dataKey="count" position="right" className="fill-foreground text-xs font-semibold" formatter={(v: unknown) => formatCount(Number(v))} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

/**
 * Visitors and submissions per UTC day. Bars while a day is wide enough to see (a month or
 * less), lines beyond, where bars would be slivers.
 */
export function SeriesChart({ series, label }: { series: AnalyticsReport["series"]; label: string }) {
  const Chart = series.length <= 31 ? BarChart : LineChart;
  const common = (
    <>
      <CartesianGrid vertical={false} stroke="var(--color-muted-strong)" />
      <XAxis dataKey="day" tickFormatter={formatShortDay} tick={tick} tickLine={false} axisLine={false} minTickGap={16} />
      <YAxis allowDecimals={false} width={36} tick={tick} tickLine={false} axisLine={false} />
      <Tooltip content={<ChartTooltipContent formatLabel={formatDay} />} cursor={{ fill: "var(--color-muted)" }} />
      <Legend iconType="square" iconSize={10} itemSorter={null} wrapperStyle={{ fontSize: 12, color: "var(--color-foreground)" }} />
    </>
  );
  return (
    <ChartFrame label={label} height={260}>
      <Chart responsive style={{ width: "100%", height: "100%" }} data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        {common}
        {series.length <= 31
          ? (["visitors", "submissions"] as const).map((key) => (
              <Bar key={key} dataKey={key} name={chartConfig[key].label} fill={chartConfig[key].color} radius={[3, 3, 0, 0]} isAnimationActive={false} maxBarSize={32} />
            ))
          : (["visitors", "submissions"] as const).map((key) => (
              <Line key={key} dataKey={key} name={chartConfig[key].label} stroke={chartConfig[key].color} strokeWidth={2} dot={false} isAnimationActive={false} type="monotone" />
            ))}
      </Chart>
    </ChartFrame>
  );
}
