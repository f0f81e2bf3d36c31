import { CalendarCheck, ClipboardList, MessageSquareText } from "lucide-react";
import type { AgentDemo } from "~/content/agent-demo";
import { cn } from "~/lib/cn";
import { Avatar, MockFigure, MockPanel, OutcomeRow, revealProps, StatusPill, TranscriptLine, Waveform } from "./parts";

/**
 * The hero's picture of the agent at work (docs/product.md#design): a live call
 * card (caller, number, running time, waveform), the conversation, then what the call left behind
 * (the booked slot, the confirmation text, the summary for the team). The example's words come
 * from app/content/agent-demo.ts, passed in (labels too), so this component, in the chunk every
 * page loads, imports no page's content.
 *
 * Prerendered finished; the parts fade up in order only when motion is welcome (`reveal`), which
 * animates opacity and transform and so cannot move anything around it.
 */
export function AgentAtWork({ demo, className }: { demo: AgentDemo; className?: string }) {
  const { caller, transcript, outcomes, labels } = demo;
  const first = transcript.length + 1;
  const afterCall = revealProps(first);
  return (
    // Inline-size containment: the figure takes its column's width and never widens it (a track
    // sized by content would otherwise grow to the call card's unwrapped caller row on a phone).
    <MockFigure summary={demo.summary} className={cn("w-full text-left contain-inline-size", className)}>
      <MockPanel title={demo.business} status={<StatusPill tone="live">{labels.live}</StatusPill>} reveal={0}>
        <div className="flex items-center gap-3">
          <Avatar initials={caller.initials} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-foreground">{caller.name}</span>
            <span className="block text-xs tabular-nums text-muted-foreground">{caller.number}</span>
          </span>
          {/* Narrower on a phone, so the caller's name keeps its room. */}
          <Waveform className="w-16 shrink-0 sm:w-24" />
          <span className="w-12 shrink-0 text-right font-mono text-sm font-semibold tabular-nums text-foreground">{demo.elapsed}</span>
        </div>
        <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
          {transcript.map((line, index) => (
            <TranscriptLine
              key={line.text}
              role={line.role}
              speaker={line.role === "agent" ? labels.agent : caller.name}
              reveal={index + 1}
            >
              {line.text}
            </TranscriptLine>
          ))}
        </div>
      </MockPanel>
      <p className={cn("mb-1.5 mt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground", afterCall.className)} style={afterCall.style}>
        {labels.afterCall}
      </p>
      <div className="flex flex-col gap-2">
        <OutcomeRow icon={CalendarCheck} title={outcomes.booked.title} detail={outcomes.booked.detail} reveal={first} />
        <OutcomeRow icon={MessageSquareText} title={outcomes.confirmation.title} detail={outcomes.confirmation.detail} reveal={first + 1} />
        <OutcomeRow icon={ClipboardList} title={outcomes.teamSummary.title} detail={outcomes.teamSummary.detail} reveal={first + 2} />
      </div>
    </MockFigure>
  );
}
