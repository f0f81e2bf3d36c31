import * as React from "react";
import { cn } from "~/lib/cn";
import { keepHyphenated } from "~/lib/keep-hyphenated";

export type SectionTone = "plain" | "muted" | "ink";

const toneClass: Record<SectionTone, string> = {
  plain: "bg-background",
  muted: "bg-muted",
  ink: "bg-ink text-white",
};

/**
 * One band of a marketing page. Pages alternate tones to separate sections; the heading is the
 * section's accessible name.
 */
export function Section({
  tone = "plain",
  eyebrow,
  title,
  lead,
  children,
  className,
  width = "wide",
  id,
}: {
  tone?: SectionTone;
  eyebrow?: React.ReactNode;
  title?: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  width?: "wide" | "narrow";
  id?: string;
}) {
  const headingId = React.useId();
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(toneClass[tone], "scroll-mt-20", className)}
    >
      <div className={cn("mx-auto px-4 py-14 sm:px-6 sm:py-20", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>
        {title ? (
          <div className="mx-auto mb-10 max-w-2xl text-center">
            {eyebrow ? (
              <p className={cn("mb-2 text-sm font-semibold uppercase tracking-wide", tone === "ink" ? "text-blue-300" : "text-primary")}>
                {eyebrow}
              </p>
            ) : null}
            <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {keepHyphenated(title)}
            </h2>
            {lead ? (
              <p className={cn("mt-4 text-pretty text-lg", tone === "ink" ? "text-slate-300" : "text-muted-foreground")}>{keepHyphenated(lead)}</p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
