import * as React from "react";
import { cn } from "~/lib/cn";
import { keepHyphenated } from "~/lib/keep-hyphenated";
import { ActionRow } from "./action-row";

/** The opening band of a page: optional eyebrow, the page's one h1, a lead sentence, actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("bg-gradient-to-b from-primary-soft to-background", className)}>
      <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow ? <div className="mb-4 flex justify-center">{eyebrow}</div> : null}
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{keepHyphenated(title)}</h1>
        {lead ? <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg text-muted-foreground">{keepHyphenated(lead)}</p> : null}
        {children ? <ActionRow className="mt-8">{children}</ActionRow> : null}
      </div>
    </section>
  );
}
