import { Check, TriangleAlert } from "lucide-react";
import type { AnalyticsTileMock } from "~/content/feature-pages";
import { cn } from "~/lib/cn";
import { MockFigure, MockPanel, StatusPill, revealProps } from "./parts";

// The QA gauge: a ring of this radius in a 72 x 72 box, its arc as long as the score's share.
const RING_RADIUS = 30;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * Analytics at work: a dashboard tile with the week's headline figures, conversations per day as
 * bars, and the QA score with what it checked and how many calls it flagged for a person.
 */
export function AnalyticsTile({ mock }: { mock: AnalyticsTileMock }) {
  const busiest = Math.max(...mock.chart.days.map((day) => day.conversations));
  const chart = revealProps(1);
  const qa = revealProps(2);
  // Inline-size containment: the truncated (nowrap) lines must not widen the hero's column past a
  // phone's width.
  return (
    <MockFigure summary={mock.summary} className="[contain:inline-size]">
      <MockPanel reveal={0} title={mock.title} status={<StatusPill tone="neutral">{mock.badge}</StatusPill>}>
        <dl className="grid grid-cols-3 gap-2">
          {mock.kpis.map((kpi) => (
            <div key={kpi.label} className="min-w-0 rounded-lg bg-muted px-2 py-2">
              <dt className="truncate text-xs text-muted-foreground">{kpi.label}</dt>
              <dd className="mt-0.5 truncate text-lg font-bold text-foreground tabular-nums">
                {kpi.value}
                {kpi.note ? <span className="ml-1.5 text-xs font-semibold text-success">{kpi.note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>

        <div className={cn("mt-4", chart.className)} style={chart.style}>
          <p className="text-xs font-semibold text-muted-foreground">{mock.chart.title}</p>
          {/* Bars in HTML: a fixed 80 px plot, each bar's height its share of the busiest day. */}
          <div className="mt-2 flex h-20 items-end gap-2 border-b border-border">
            {mock.chart.days.map((day) => (
              <span
                key={day.label}
                className="flex-1 rounded-t-md bg-primary/80"
                style={{ height: `${Math.round((day.conversations / busiest) * 100)}%` }}
              />
            ))}
          </div>
          <div className="mt-1 flex gap-2">
            {mock.chart.days.map((day) => (
              <span key={day.label} className="flex-1 text-center text-xs text-muted-foreground">
                {day.label}
              </span>
            ))}
          </div>
        </div>

        <div className={cn("mt-4 flex items-center gap-4 rounded-xl border border-border p-3", qa.className)} style={qa.style} data-testid="qa-score">
          <svg viewBox="0 0 72 72" width={72} height={72} className="shrink-0">
            <circle cx={36} cy={36} r={RING_RADIUS} fill="none" strokeWidth={8} className="stroke-muted-strong" />
            <circle
              cx={36}
              cy={36}
              r={RING_RADIUS}
              fill="none"
              strokeWidth={8}
              strokeLinecap="round"
              className="stroke-success"
              transform="rotate(-90 36 36)"
              strokeDasharray={`${(RING_LENGTH * mock.qa.score) / mock.qa.outOf} ${RING_LENGTH}`}
            />
            <text x={36} y={36} dy="0.35em" textAnchor="middle" className="fill-foreground text-lg font-bold">
              {mock.qa.score}
            </text>
          </svg>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-foreground">
              <span>{mock.qa.title}</span> <span className="font-normal text-muted-foreground">{mock.qa.score} / {mock.qa.outOf}</span>
            </p>
            <ul className="mt-1 space-y-0.5">
              {mock.qa.checks.map((check) => (
                <li key={check} className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Check className="size-3.5 shrink-0 text-success" width={14} height={14} />
                  <span className="truncate">{check}</span>
                </li>
              ))}
            </ul>
            <p className="mt-1.5 flex items-center gap-1.5 text-xs font-semibold text-amber-800">
              <TriangleAlert className="size-3.5 shrink-0" width={14} height={14} />
              {mock.qa.flagged}
            </p>
          </div>
        </div>
        <p className="mt-3 text-xs text-muted-foreground">{mock.retentionNote}</p>
      </MockPanel>
    </MockFigure>
  );
}
