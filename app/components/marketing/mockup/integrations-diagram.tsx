import * as React from "react";
import { Bot, Calendar, ChartColumn, Inbox, Lock, MessageSquareText, Phone, Plug, Users } from "lucide-react";
import { integrationsDiagram, type IntegrationKind } from "~/content/enterprise";

/*
 * The integrations diagram of /enterprise (docs/product.md#design): the agent in the middle, the
 * channels and access that reach it on the left, the systems its work lands in on the right,
 * joined by spokes. Below lg (1024 px) the same three parts stack top to bottom with an arrow
 * between them.
 *
 * The names are the content (the spec's list of integrations), so they are real text in two
 * labelled lists that everyone reads; the spokes and arrows are drawings (aria-hidden).
 *
 * From lg the spokes meet the lists exactly because every size is fixed in rem: four items of
 * 3.5rem with 0.75rem gaps make a 16.25rem column (260 px at 16 px), the SVG's height.
 */

type IconType = React.ComponentType<{ className?: string; width?: number; height?: number; "aria-hidden"?: boolean }>;

// Icons other public pages already draw: lucide's icons share the framework chunk every page loads.
const kindIcon: Record<IntegrationKind, IconType> = {
  telephony: Phone,
  sms: MessageSquareText,
  sso: Lock,
  api: Plug,
  crm: Users,
  helpdesk: Inbox,
  calendar: Calendar,
  warehouse: ChartColumn,
};

// The spokes' geometry, in px at a 16 px root (the SVG scales with rem like the lists).
const ITEM = 56;
const GAP = 12;
const COLUMN = 4 * ITEM + 3 * GAP; // 260
const SPOKE = 80;
const itemCentre = (i: number) => i * (ITEM + GAP) + ITEM / 2;
const hubPort = (i: number) => COLUMN / 2 + (i - 1.5) * 24;

/** Four curves from the items' centres to the hub's edge (mirrored on the right). */
function Spokes({ side }: { side: "left" | "right" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${SPOKE} ${COLUMN}`}
      width={SPOKE}
      height={COLUMN}
      className="mt-11 hidden h-[16.25rem] w-20 text-primary lg:block"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
    >
      {[0, 1, 2, 3].map((i) => {
        const [y0, y1] = side === "left" ? [itemCentre(i), hubPort(i)] : [hubPort(i), itemCentre(i)];
        return <path key={i} d={`M0 ${y0}C${SPOKE / 2} ${y0} ${SPOKE / 2} ${y1} ${SPOKE} ${y1}`} strokeOpacity={0.55} />;
      })}
      {[0, 1, 2, 3].map((i) => (
        <circle key={i} cx={side === "left" ? 3 : SPOKE - 3} cy={itemCentre(i)} r={3} fill="currentColor" stroke="none" />
      ))}
    </svg>
  );
}

/** Below lg: the arrow between the stacked parts. */
function DownArrow() {
  return (
    <div aria-hidden="true" className="flex justify-center py-2 text-primary lg:hidden">
      <svg viewBox="0 0 24 32" width={24} height={32} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 3v25M6 22l6 6 6-6" />
      </svg>
    </div>
  );
}

function Group({ group }: { group: (typeof integrationsDiagram.groups)[number] }) {
  const headingId = React.useId();
  return (
    <div className="min-w-0">
      <h3 id={headingId} className="mb-3 text-sm font-semibold uppercase leading-8 tracking-wide text-muted-foreground">
        {group.title}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3">
        {group.items.map((item) => {
          const Icon = kindIcon[item.kind];
          return (
            <li
              key={item.name}
              className="flex h-14 items-center gap-3 rounded-xl border border-border bg-background px-4 text-[0.9375rem] font-medium leading-snug shadow-sm"
            >
              <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" width={16} height={16} aria-hidden={true} />
              </span>
              {item.name}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function IntegrationsDiagram() {
  const [inbound, outbound] = integrationsDiagram.groups;
  return (
    <div className="mx-auto max-w-md lg:grid lg:max-w-5xl lg:grid-cols-[minmax(0,1fr)_5rem_13rem_5rem_minmax(0,1fr)]">
      <Group group={inbound} />
      <Spokes side="left" />
      <DownArrow />
      <div className="lg:mt-11 lg:flex lg:h-[16.25rem] lg:items-center">
        <div className="flex items-center gap-4 rounded-2xl bg-primary p-5 text-primary-foreground shadow-lg shadow-primary/20 lg:h-40 lg:w-full lg:flex-col lg:justify-center lg:gap-3 lg:text-center">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <Bot className="size-6" width={24} height={24} aria-hidden={true} />
          </span>
          <p>
            <span className="block text-lg font-bold leading-tight">{integrationsDiagram.hub.title}</span>
            <span className="block text-[0.9375rem] text-blue-100">{integrationsDiagram.hub.detail}</span>
          </p>
        </div>
      </div>
      <DownArrow />
      <Spokes side="right" />
      <Group group={outbound} />
    </div>
  );
}
