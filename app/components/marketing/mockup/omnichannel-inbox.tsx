import { AtSign, Clock, Mail, MessageSquare, Phone } from "lucide-react";
import type { OmnichannelInboxMock } from "~/content/feature-pages";
import { cn } from "~/lib/cn";
import { ChannelChip, MockFigure, MockPanel, StatusPill, revealProps } from "./parts";

// The timeline's small channel marks (the rows use the larger ChannelChip).
const channelIcon = { voice: Phone, sms: MessageSquare, email: Mail, social: AtSign } as const;

/**
 * Omnichannel at work: one inbox with a conversation from each channel (call, text, email, social),
 * each with what the agent did and its response time, and one customer's timeline across channels.
 */
export function OmnichannelInbox({ mock }: { mock: OmnichannelInboxMock }) {
  const channels = Object.values(mock.filters.channels);
  const timeline = revealProps(mock.rows.length + 1);
  // Inline-size containment: the truncated (nowrap) lines must not widen the hero's column past a
  // phone's width.
  return (
    <MockFigure summary={mock.summary} className="[contain:inline-size]">
      <MockPanel reveal={0} title={mock.title} status={<StatusPill tone="neutral">{mock.openLabel}</StatusPill>}>
        {/* The inbox runs to the panel's edges: the negative margin undoes the panel's padding. */}
        <div className="-m-4">
          <div className="flex items-center gap-1.5 border-b border-border px-4 py-2.5" data-testid="inbox-channels">
            <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">{mock.filters.all}</span>
            {channels.map((label) => (
              <span key={label} className="rounded-full px-2 py-0.5 text-xs font-semibold text-muted-foreground ring-1 ring-inset ring-border">
                {label}
              </span>
            ))}
          </div>
          <ul>
            {mock.rows.map((row, index) => {
              const r = revealProps(index + 1);
              return (
                <li key={row.name} className={cn("flex gap-3 border-b border-border px-4 py-3", r.className)} style={r.style}>
                  <ChannelChip channel={row.channel} />
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline gap-2">
                      <span className="truncate text-sm font-semibold text-foreground">{row.name}</span>
                      <span className="ml-auto shrink-0 text-xs text-muted-foreground">{row.time}</span>
                    </div>
                    <p className="truncate text-sm text-muted-foreground">{row.preview}</p>
                    <div className="mt-1.5 flex items-center gap-2">
                      <StatusPill tone="success">{row.outcome}</StatusPill>
                      <span className="inline-flex min-w-0 items-center gap-1 truncate text-xs text-muted-foreground">
                        <Clock className="size-3.5 shrink-0" width={14} height={14} />
                        {row.sla}
                      </span>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className={cn("bg-muted px-4 py-3", timeline.className)} style={timeline.style}>
            <p className="text-xs font-semibold text-foreground">{mock.timeline.title}</p>
            {/* A track through the three events, from the first's centre to the last's. */}
            <ol className="relative mt-2 grid grid-cols-3 before:absolute before:left-[16.7%] before:right-[16.7%] before:top-3.5 before:h-px before:bg-input">
              {mock.timeline.events.map((event) => {
                const Icon = channelIcon[event.channel];
                return (
                  <li key={event.label} className="relative flex flex-col items-center">
                    <span className="inline-flex size-7 items-center justify-center rounded-full bg-background text-primary ring-1 ring-inset ring-border">
                      <Icon className="size-3.5" width={14} height={14} />
                    </span>
                    <span className="mt-1 text-xs font-semibold text-foreground">
                      {event.label} <span className="font-normal text-muted-foreground tabular-nums">{event.time}</span>
                    </span>
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      </MockPanel>
    </MockFigure>
  );
}
