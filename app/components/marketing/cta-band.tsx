import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { keepHyphenated } from "~/lib/keep-hyphenated";
import { ActionRow } from "~/components/layout/action-row";

/** The closing call to action every page ends with: a clear next step, with an optional reassurance line under it. */
export function CtaBand({ title, lead, note, children }: { title: string; lead?: string; note?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="bg-ink text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{keepHyphenated(title)}</h2>
        {lead ? <p className="mt-4 max-w-2xl text-pretty text-lg text-slate-200">{keepHyphenated(lead)}</p> : null}
        <ActionRow className="mt-8">{children}</ActionRow>
        {note ? <p className="mt-3 text-[0.9375rem] text-slate-300">{note}</p> : null}
      </div>
    </section>
  );
}

/** A link among the band's actions: the primary one filled, the others outlined, on the dark band. */
export function CtaBandLink({ to, primary = false, children }: { to: string; primary?: boolean; children: React.ReactNode }) {
  return (
    <Button asChild size="lg" variant={primary ? "inverse" : "outline-inverse"}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
