import type * as React from "react";
import { Bot, Building2, Lock, Mic, Phone, ShieldCheck, UserRound } from "lucide-react";
import { dataFlow } from "~/content/enterprise";
import { cn } from "~/lib/cn";

/*
 * The data-flow diagram of /enterprise's security section (docs/product.md#design): caller ->
 * telephony -> AI agent -> your systems, left to right from lg (1024 px) and top to bottom below,
 * with a branch from the agent down through redaction to where recordings live.
 *
 * Unlike the hero mock-ups, its words are the content: the stages are a real ordered list and the
 * two notes real text, read by everyone; only the arrows and connectors are drawings
 * (aria-hidden). Sizes come from the text and fixed gaps, so nothing shifts while the page loads.
 */

type IconType = React.ComponentType<{ className?: string; width?: number; height?: number; "aria-hidden"?: boolean }>;

// Icons other public pages already draw: lucide's icons share the framework chunk every page loads.
const stageIcons: readonly IconType[] = [UserRound, Phone, Bot, Building2];
const AGENT = 2;

/** The arrow from one stage to the next: down across the 40 px gap on a phone, right across the 48 px gap from lg. */
function StageArrow() {
  return (
    <span
      aria-hidden="true"
      className="absolute left-1/2 top-full flex h-10 w-6 -translate-x-1/2 items-center justify-center text-primary lg:left-full lg:top-1/2 lg:h-6 lg:w-12 lg:translate-x-0 lg:-translate-y-1/2"
    >
      <svg viewBox="0 0 24 40" width={24} height={40} className="lg:hidden" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 5v29M6 28l6 6 6-6" />
      </svg>
      <svg viewBox="0 0 48 24" width={48} height={24} className="hidden lg:block" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M7 12h33M34 6l6 6-6 6" />
      </svg>
    </span>
  );
}

/** From lg: a dashed line down from the agent (column 3) to the store, 40 px tall. */
function Connector() {
  return (
    <div aria-hidden="true" className="hidden h-10 justify-center text-slate-500 lg:col-start-3 lg:row-start-1 lg:flex">
      <svg viewBox="0 0 24 40" width={24} height={40} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
        <path d="M12 2v36" strokeDasharray="4 5" />
      </svg>
    </div>
  );
}

/** One of the branch's two notes: an icon tile, a bold title and a sentence. */
function BranchNote({ icon: Icon, title, detail, tone }: { icon: IconType; title: string; detail: string; tone: "redaction" | "storage" }) {
  const redaction = tone === "redaction";
  return (
    <div className={cn("flex gap-4 px-5", redaction ? "border-b border-green-200 bg-green-50 py-4" : "bg-background py-5")}>
      <span
        className={cn(
          "inline-flex size-10 shrink-0 items-center justify-center rounded-lg",
          redaction ? "bg-background text-success" : "bg-primary-soft text-primary",
        )}
      >
        <Icon className="size-5" width={20} height={20} aria-hidden={true} />
      </span>
      <div className="min-w-0">
        <h3 className="font-bold leading-snug">{title}</h3>
        <p className="mt-1 text-[0.9375rem] text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
}

export function DataFlowDiagram({ className }: { className?: string }) {
  const last = dataFlow.stages.length - 1;
  return (
    <div className={cn("mx-auto max-w-md lg:max-w-none", className)}>
      <ol role="list" aria-label={dataFlow.label} className="grid gap-10 lg:grid-cols-4 lg:gap-12">
        {dataFlow.stages.map((stage, i) => {
          const Icon = stageIcons[i]!;
          const agent = i === AGENT;
          return (
            <li key={stage.name} className="relative flex">
              <div
                className={cn(
                  "flex w-full flex-col rounded-xl border bg-background p-5 shadow-sm",
                  agent ? "border-primary ring-1 ring-primary" : "border-border",
                )}
              >
                <div className="flex items-center justify-between">
                  <span
                    className={cn(
                      "inline-flex size-10 items-center justify-center rounded-lg",
                      agent ? "bg-primary text-primary-foreground" : "bg-primary-soft text-primary",
                    )}
                  >
                    <Icon className="size-5" width={20} height={20} aria-hidden={true} />
                  </span>
                  <span aria-hidden="true" className="text-sm font-semibold tabular-nums text-muted-foreground">
                    {i + 1} / {last + 1}
                  </span>
                </div>
                <p className="mt-3 text-lg font-bold leading-tight">{stage.name}</p>
                <p className="mt-1 text-[0.9375rem] text-muted-foreground">{stage.detail}</p>
              </div>
              {i < last ? <StageArrow /> : null}
            </li>
          );
        })}
      </ol>

      {/* Below lg: the legend, then the branch under the stages. From lg: a 4-column grid under
          the stages, a line down from the agent (column 3) into the store, centred on it (columns
          2 to 4), which personal data enters only through redaction. */}
      <div className="mt-6 grid lg:mt-0 lg:grid-cols-4 lg:gap-x-12">
        <Connector />
        <p className="flex items-center justify-center gap-2 text-[0.9375rem] font-medium text-muted-foreground lg:col-start-1 lg:row-start-2 lg:justify-start lg:self-center">
          <Lock className="size-4 shrink-0 text-primary" width={16} height={16} aria-hidden={true} />
          {dataFlow.transit}
        </p>
        <p className="mb-3 mt-8 text-center text-[0.9375rem] font-semibold lg:sr-only">{dataFlow.branch}</p>
        <div className="overflow-hidden rounded-xl border border-border shadow-sm lg:col-span-3 lg:col-start-2 lg:row-start-2">
          <BranchNote icon={ShieldCheck} tone="redaction" title={dataFlow.redaction.title} detail={dataFlow.redaction.detail} />
          <BranchNote icon={Mic} tone="storage" title={dataFlow.recordings.title} detail={dataFlow.recordings.detail} />
        </div>
      </div>
    </div>
  );
}
