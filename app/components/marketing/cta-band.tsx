import type * as React from "react";

/** The closing call to action every page ends with: a clear next step. */
export function CtaBand({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="bg-ink text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-slate-200">{lead}</p> : null}
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}
