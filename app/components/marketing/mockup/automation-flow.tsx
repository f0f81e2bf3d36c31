import { CalendarCheck, Check, Clock, Mail, MessageSquare, Plug, Target, UserRound } from "lucide-react";
import type { AutomationFlowMock, AutomationStepIcon } from "~/content/feature-pages";
import { cn } from "~/lib/cn";
import { Avatar, MockFigure, MockPanel, StatusPill, revealProps } from "./parts";

const stepIcon: Record<AutomationStepIcon, typeof Check> = {
  intake: UserRound,
  qualify: Target,
  schedule: CalendarCheck,
  confirm: MessageSquare,
  "follow-up": Mail,
};

/**
 * Agentic Automation at work: one request (a call after hours) run through the workflow, intake to
 * follow-up, each step with what the agent did and the tool it used to do it.
 */
export function AutomationFlow({ mock }: { mock: AutomationFlowMock }) {
  // Inline-size containment: the truncated (nowrap) lines must not widen the hero's column past a
  // phone's width.
  return (
    <MockFigure summary={mock.summary} className="[contain:inline-size]">
      <MockPanel reveal={0} title={mock.title} status={<StatusPill tone="live">{mock.status}</StatusPill>}>
        <div className="flex items-center gap-3 rounded-xl bg-muted px-3 py-2.5">
          <Avatar initials={mock.request.initials} />
          <span className="min-w-0">
            <span className="flex items-baseline gap-2">
              <span className="truncate text-sm font-semibold text-foreground">{mock.request.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{mock.request.channel}</span>
            </span>
            <span className="block truncate text-sm text-muted-foreground">{mock.request.text}</span>
          </span>
        </div>

        {/* The steps hang on one line: the rail runs through the centre of their icons. */}
        <ol className="relative mt-3 before:absolute before:bottom-5 before:left-4 before:top-5 before:w-px before:bg-border" data-testid="automation-steps">
          {mock.steps.map((step, index) => {
            const Icon = stepIcon[step.icon];
            const r = revealProps(index + 1);
            return (
              <li key={step.title} className={cn("relative flex gap-3 py-1.5", r.className)} style={r.style}>
                <span
                  className={cn(
                    "inline-flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-background",
                    step.done ? "bg-primary text-primary-foreground" : "bg-muted-strong text-muted-foreground",
                  )}
                >
                  <Icon className="size-4" width={16} height={16} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="text-sm font-semibold text-foreground">{step.title}</span>
                    <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">
                      <Plug className="size-3" width={12} height={12} />
                      {step.tool}
                    </span>
                  </span>
                  <span className="mt-0.5 flex items-start gap-1.5 text-sm text-muted-foreground">
                    {step.done ? (
                      <Check className="mt-0.5 size-3.5 shrink-0 text-success" width={14} height={14} />
                    ) : (
                      <Clock className="mt-0.5 size-3.5 shrink-0" width={14} height={14} />
                    )}
                    <span className="min-w-0">
                      {step.detail}
                      {step.done ? null : (
                        <span className="ml-2 inline-block align-middle">
                          <StatusPill tone="neutral">{mock.pendingLabel}</StatusPill>
                        </span>
                      )}
                    </span>
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      </MockPanel>
    </MockFigure>
  );
}
