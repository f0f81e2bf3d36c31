import * as React from "react";
import { cn } from "~/lib/cn";
import { keepHyphenated } from "~/lib/keep-hyphenated";
import { ActionRow } from "./action-row";

/**
 * The opening band of a page: optional eyebrow, the page's one h1, a lead sentence, actions, an
 * optional reassurance line under the actions (`note`), and an optional `visual` (a product
 * mock-up): beside the copy from lg up, under the actions on a phone. Without a visual the copy is
 * centred.
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
  className,
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  note?: React.ReactNode;
  visual?: React.ReactNode;
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
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-4 pb-6 pt-10 text-center sm:px-6 sm:pb-8 sm:pt-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12 lg:text-left">
          {/* Both cells may shrink below their content's width: a visual's one-line truncated text must not widen a phone's page. */}
          <div className="min-w-0">{copy}</div>
          <div className="mx-auto w-full min-w-0 max-w-md lg:max-w-none">{visual}</div>
        </div>
      ) : (
        <div className="mx-auto max-w-5xl px-4 pb-6 pt-10 text-center sm:px-6 sm:pb-8 sm:pt-16">{copy}</div>
      )}
    </section>
  );
}

/** The short reassurance line under a hero's or band's primary action ("10-minute call · no card"). */
export function HeroNote({ className, children }: { className?: string; children: React.ReactNode }) {
  return <p className={cn("mt-3 text-[0.9375rem] text-muted-foreground", className)}>{children}</p>;
}
