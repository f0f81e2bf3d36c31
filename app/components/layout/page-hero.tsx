import * as React from "react";
import { cn } from "~/lib/cn";
import { keepHyphenated } from "~/lib/keep-hyphenated";
import { ActionRow } from "./action-row";

/**
 * The opening band of a page: optional eyebrow, the page's one h1, a lead sentence, actions, an
 * optional reassurance line under the actions (`note`), and an optional `visual` (a product
 * mock-up): beside the copy from lg up, under the actions on a phone. Without a visual the copy is
 * centred. `visualRow` reserves the visual's height from lg up (see `reservedHeroRow`).
 *
 * The band's bottom padding is short: the section after it brings its own top padding, and two
 * full paddings read as a 160 px hole between the hero and the page (docs/product.md#design).
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  note,
  visual,
  visualRow,
  className,
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  note?: React.ReactNode;
  visual?: React.ReactNode;
  visualRow?: string;
  className?: string;
}) {
  const copy = (
    <>
      {eyebrow ? <div className={cn("mb-4 flex justify-center", visual && "lg:justify-start")}>{eyebrow}</div> : null}
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{keepHyphenated(title)}</h1>
      {lead ? (
        <p className={cn("mx-auto mt-5 max-w-2xl text-pretty text-lg text-muted-foreground", visual && "lg:mx-0")}>{keepHyphenated(lead)}</p>
      ) : null}
      {children ? <ActionRow className={cn("mt-8", visual && "lg:mx-0 lg:justify-start")}>{children}</ActionRow> : null}
      {note ? <HeroNote className={cn(visual && "lg:text-left")}>{note}</HeroNote> : null}
    </>
  );
  return (
    <section className={cn("bg-gradient-to-b from-primary-soft to-background", className)}>
      {visual ? (
        <div className={cn(heroGridClass, visualRow)}>
          {/* Both cells may shrink below their content's width: a visual's one-line truncated text must not widen a phone's page. */}
          <div className="min-w-0">{copy}</div>
          <div className={cn("mx-auto w-full min-w-0 max-w-md lg:max-w-none", visualRow && "lg:self-start")}>{visual}</div>
        </div>
      ) : (
        <div className="mx-auto max-w-5xl px-4 pb-6 pt-10 text-center sm:px-6 sm:pb-8 sm:pt-16">{copy}</div>
      )}
    </section>
  );
}

/** The grid of a hero with a visual: the copy, and the visual beside it from lg up. */
export const heroGridClass =
  "mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 pb-6 pt-10 text-center sm:px-6 sm:pb-8 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12 lg:text-left";

/**
 * A hero row at least as tall as its visual from lg up, so the copy, centred beside the visual, is
 * where it will stay from the first paint (the visual then sits at the row's top, where it grows
 * downwards as it is parsed). Without it a slow machine paints the page half-parsed,
 * the mock-up a few lines tall, and the copy drops by up to 125 px as the rest of the mock-up
 * arrives (a layout shift of 0.06). Each value is its mock-up's height in its 28rem column (the
 * same from 1024 px up), rounded up; the feature mock-ups' by their feature's id. A mock-up that
 * grew past its value would shift the copy by half the difference: the end-to-end tests of these
 * pages check at desktop width that each mock-up fits its reservation.
 */
export const reservedHeroRow = {
  agentAtWork: "lg:grid-rows-[minmax(39.5rem,auto)]", // 629 px
  analytics: "lg:grid-rows-[minmax(28rem,auto)]", // 445 px
  omnichannel: "lg:grid-rows-[minmax(34.25rem,auto)]", // 544 px
  "ai-guru": "lg:grid-rows-[minmax(37rem,auto)]", // 588 px
  "agentic-automation": "lg:grid-rows-[minmax(26.5rem,auto)]", // 419 px
} as const;

/** The short reassurance line under a hero's or band's primary action ("10-minute call · no card"). */
export function HeroNote({ className, children }: { className?: string; children: React.ReactNode }) {
  return <p className={cn("mt-3 text-[0.9375rem] text-muted-foreground", className)}>{children}</p>;
}
