import { BookOpen, CalendarCheck, ShieldCheck, Sparkles } from "lucide-react";
import type { GuruAnswerMock } from "~/content/feature-pages";
import { cn } from "~/lib/cn";
import { Avatar, MockFigure, MockPanel, StatusPill, TranscriptLine, Waveform, revealProps } from "./parts";

/**
 * AI Guru at work: a live call where the agent answers a two-part question, and the AI Guru panel
 * beside the transcript cites the document and section the answer came from (with the passage the
 * answer rests on highlighted) and suggests the next step.
 */
export function GuruAnswer({ mock }: { mock: GuruAnswerMock }) {
  const panel = mock.panel;
  const reveal = revealProps(3);
  // Inline-size containment: the truncated (nowrap) lines must not widen the hero's column past a
  // phone's width.
  return (
    <MockFigure summary={mock.summary} className="[contain:inline-size]">
      <MockPanel
        reveal={0}
        title={
          <span className="inline-flex items-center gap-2">
            {mock.callTitle}
            <span className="font-mono text-xs font-medium text-muted-foreground tabular-nums">{mock.timer}</span>
          </span>
        }
        status={<StatusPill tone="live">{mock.live}</StatusPill>}
        bodyClassName="space-y-3"
      >
        <div className="flex items-center gap-3">
          <Avatar initials={mock.caller.initials} />
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">{mock.caller.name}</span>
          <Waveform className="h-6 w-[4.5rem] shrink-0" />
        </div>
        <TranscriptLine speaker={mock.caller.name} role="caller" reveal={1}>
          {mock.question}
        </TranscriptLine>
        <TranscriptLine speaker={mock.agentName} role="agent" reveal={2}>
          {mock.answer} <CitationMark>{mock.citation}</CitationMark>
        </TranscriptLine>
      </MockPanel>

      {/* The side panel: offset to the right and overlapping the call's edge, as the co-pilot's drawer. */}
      <div
        className={cn("relative -mt-2 ml-6 rounded-2xl border border-primary/30 bg-background p-4 text-left shadow-lg shadow-slate-900/10 sm:ml-12", reveal.className)}
        style={reveal.style}
      >
        <div className="flex items-center justify-between gap-3">
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-primary">
            <Sparkles className="size-4" width={16} height={16} />
            {panel.title}
          </p>
          <StatusPill tone="success">{panel.status}</StatusPill>
        </div>
        <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{panel.sourceLabel}</p>
        <div className="mt-2 flex items-start gap-2.5">
          <CitationMark>{mock.citation}</CitationMark>
          <BookOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" width={16} height={16} />
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-foreground">{panel.document}</span>
            <span className="block text-xs text-muted-foreground">{panel.section}</span>
          </span>
        </div>
        <p className="mt-2 border-l-2 border-primary pl-3 text-sm leading-snug text-muted-foreground">
          <Highlighted text={panel.excerpt} highlight={panel.highlight} />
        </p>
        <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck className="size-3.5 text-success" width={14} height={14} />
          {panel.updated}
        </p>
        <div className="mt-3 flex items-start gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm">
          <CalendarCheck className="mt-0.5 size-4 shrink-0 text-primary" width={16} height={16} />
          <span className="min-w-0 text-foreground">
            <span className="font-semibold">{panel.nextStepLabel}:</span> {panel.nextStep}
          </span>
        </div>
      </div>
    </MockFigure>
  );
}

/** The small numbered mark that ties the answer to its source. */
function CitationMark({ children }: { children: string }) {
  return (
    <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-md bg-primary align-text-bottom text-xs font-bold text-primary-foreground">
      {children}
    </span>
  );
}

/** The excerpt with the passage the answer rests on marked. */
function Highlighted({ text, highlight }: { text: string; highlight: string }) {
  const at = text.indexOf(highlight);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-amber-100 px-0.5 text-foreground">{highlight}</mark>
      {text.slice(at + highlight.length)}
    </>
  );
}
