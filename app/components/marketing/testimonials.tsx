import { exampleTestimonials, testimonialsIntro } from "~/content/proof";

/**
 * Example testimonial cards (docs/product.md#design): each leads with one figure, then the
 * quote and who says it (initials, role, firm type). They are examples, and say so twice: the
 * heading's eyebrow and a label on every card, so no one reads them as real customers.
 */
export function ExampleTestimonials({ headingId }: { headingId: string }) {
  return (
    <>
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-primary">{testimonialsIntro.label}</p>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {testimonialsIntro.title}
        </h2>
        <p className="mt-4 text-pretty text-lg text-muted-foreground">{testimonialsIntro.lead}</p>
      </div>
      <ul className="grid gap-5 md:grid-cols-3">
        {exampleTestimonials.map((t) => (
          <li key={t.initials} className="relative flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
            <span className="absolute right-6 top-6 rounded-full border border-dashed border-input px-2.5 py-0.5 text-sm font-semibold text-muted-foreground">
              {testimonialsIntro.cardLabel}
            </span>
            <p className="flex flex-col">
              <span className="text-3xl font-extrabold tracking-tight text-primary">{t.metric.value}</span>
              <span className="text-[0.9375rem] text-muted-foreground">{t.metric.label}</span>
            </p>
            <blockquote className="mt-4 flex-1 text-base text-slate-700">
              <p>“{t.quote}”</p>
            </blockquote>
            <div className="mt-5 flex items-center gap-3 border-t border-border pt-4">
              <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-bold text-slate-700">
                {t.initials}
              </span>
              <p className="text-[0.9375rem] leading-snug">
                <span className="block font-semibold text-foreground">{t.role}</span>
                <span className="block text-muted-foreground">{t.firmType}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
