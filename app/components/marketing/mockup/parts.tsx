import type * as React from "react";
import { AtSign, Mail, MessageSquare, Phone } from "lucide-react";
import { cn } from "~/lib/cn";

/*
 * The parts every product mock-up is built from (docs/product.md#design): a
 * figure hidden from assistive technology with one text summary, a panel, a channel chip, a
 * waveform, transcript lines, outcome rows. Plain HTML, CSS and inline SVG: prerendered in their
 * finished state, with sizes fixed by their own markup so nothing shifts while the page loads.
 *
 * The optional reveal (`reveal` on a part, `--reveal-step` for its order) is a short fade-up that
 * runs only under `prefers-reduced-motion: no-preference` (the `mock-reveal` rule in app.css);
 * with reduced motion, or before CSS, every part is simply there.
 */

/**
 * The outer figure of a mock-up. Its drawing is `aria-hidden`; `summary` is what a screen reader
 * hears in its place (one short sentence saying what the picture shows).
 */
export function MockFigure({ summary, className, children }: { summary: string; className?: string; children: React.ReactNode }) {
  return (
    <figure className={cn("relative", className)}>
      <div aria-hidden="true" className="select-none">
        {children}
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

/** The class and style that put a part in the reveal sequence at `step` (0, 1, 2 ...). */
export function revealProps(step: number | undefined): { className?: string; style?: React.CSSProperties } {
  if (step === undefined) return {};
  return { className: "mock-reveal", style: { "--reveal-step": step } as React.CSSProperties };
}

/** A window-like card: a header row with a title and an optional status on the right. */
export function MockPanel({
  title,
  status,
  className,
  bodyClassName,
  reveal,
  children,
}: {
  title: React.ReactNode;
  status?: React.ReactNode;
  className?: string;
  bodyClassName?: string;
  reveal?: number;
  children: React.ReactNode;
}) {
  const r = revealProps(reveal);
  return (
    <div className={cn("overflow-hidden rounded-2xl border border-border bg-background text-left shadow-lg shadow-slate-900/5", r.className, className)} style={r.style}>
      <div className="flex items-center justify-between gap-3 border-b border-border bg-muted px-4 py-2.5">
        <p className="truncate text-sm font-semibold text-foreground">{title}</p>
        {status}
      </div>
      <div className={cn("p-4", bodyClassName)}>{children}</div>
    </div>
  );
}

/** A small rounded status label: "Live" with a pulsing dot, "Booked", "Resolved". */
export function StatusPill({ tone, children }: { tone: "live" | "success" | "neutral"; children: React.ReactNode }) {
  const toneClass = {
    live: "bg-red-50 text-red-700 ring-red-200",
    success: "bg-green-50 text-green-800 ring-green-200",
    neutral: "bg-background text-muted-foreground ring-border",
  }[tone];
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", toneClass)}>
      {tone === "live" ? <span className="mock-pulse size-2 rounded-full bg-red-600" /> : null}
      {children}
    </span>
  );
}

export type MockChannel = "voice" | "sms" | "email" | "social";

const channelIcon = { voice: Phone, sms: MessageSquare, email: Mail, social: AtSign } as const;
const channelName = { voice: "Voice", sms: "SMS", email: "Email", social: "Social" } as const;

/** A channel's icon in a tinted square, optionally with its name. */
export function ChannelChip({ channel, label = false }: { channel: MockChannel; label?: boolean }) {
  const Icon = channelIcon[channel];
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
      <span className="inline-flex size-7 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon className="size-4" width={16} height={16} />
      </span>
      {label ? channelName[channel] : null}
    </span>
  );
}

/** A caller's initials in a circle. */
export function Avatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span className={cn("inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-bold text-slate-700", className)}>
      {initials}
    </span>
  );
}

// Bar heights of the waveform, in viewBox units (of 32): a voice, not a sine wave.
const WAVE = [10, 18, 26, 14, 22, 30, 16, 8, 20, 28, 12, 24, 18, 30, 14, 10, 22, 26, 12, 18, 8, 16, 24, 12];

/** A voice waveform: bars in inline SVG of a fixed size; they breathe only when motion is welcome. */
export function Waveform({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 96 32" width={96} height={32} className={cn("mock-wave text-primary", className)} fill="currentColor">
      {WAVE.map((h, i) => (
        <rect key={i} x={i * 4} y={(32 - h) / 2} width={2.5} height={h} rx={1.25} style={{ "--wave-step": i % 6 } as React.CSSProperties} />
      ))}
    </svg>
  );
}

/** One line of a conversation: who speaks, and what they say, in a bubble (the agent's tinted). */
export function TranscriptLine({
  speaker,
  role,
  reveal,
  children,
}: {
  speaker: string;
  role: "agent" | "caller";
  reveal?: number;
  children: React.ReactNode;
}) {
  const r = revealProps(reveal);
  const agent = role === "agent";
  return (
    <div className={cn("flex flex-col gap-1", agent ? "items-start" : "items-end", r.className)} style={r.style}>
      <span className="text-xs font-semibold text-muted-foreground">{speaker}</span>
      <p
        className={cn(
          "max-w-[90%] rounded-2xl px-3 py-2 text-sm leading-snug text-pretty",
          agent ? "rounded-tl-sm bg-primary-soft text-foreground" : "rounded-tr-sm bg-muted text-foreground",
        )}
      >
        {children}
      </p>
    </div>
  );
}

/** One result of the conversation: an icon, a bold line and a detail (a booked slot, a text sent). */
export function OutcomeRow({
  icon: Icon,
  title,
  detail,
  reveal,
  className,
}: {
  icon: React.ComponentType<{ className?: string; width?: number; height?: number }>;
  title: React.ReactNode;
  detail?: React.ReactNode;
  reveal?: number;
  className?: string;
}) {
  const r = revealProps(reveal);
  return (
    <div className={cn("flex items-start gap-3 rounded-xl border border-border bg-background p-3 shadow-sm", r.className, className)} style={r.style}>
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-green-50 text-success">
        <Icon className="size-4" width={16} height={16} />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-foreground">{title}</span>
        {detail ? <span className="block text-sm text-muted-foreground">{detail}</span> : null}
      </span>
    </div>
  );
}
