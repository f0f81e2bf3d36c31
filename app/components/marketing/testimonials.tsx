import type { TestimonialCard } from "@shared/content/site-content";
import { exampleTestimonials, testimonialsIntro } from "~/content/proof";

/**
 * The code's own examples as cards: what the page shows where nothing is published (the build's
 * prerender). Read by the home page's loader only, so the examples stay out of its script.
 */
export const codeTestimonials = (): TestimonialCard[] =>
  exampleTestimonials.map((t, i) => ({
    id: `example-${i}`,
    quote: t.quote,
    name: t.initials,
    initials: t.initials,
    role: t.role,
    company: t.firmType,
    industry: (["law", "trades", "insurance"] as const)[i % 3]!,
    photo: null,
    figure: t.metric,
    example: true,
  }));

/**
 * The testimonial cards (docs/product.md#proof, decision 0906): each leads with its figure when it
 * has one, then the quote and who says it. The seeded examples say so twice, the heading's eyebrow
 * and a label on their cards, so no one reads them as real customers; once every card shown is a
 * real customer's, the example wording goes.
 */
export function Testimonials({ headingId, testimonials }: { headingId: string; testimonials: TestimonialCard[] }) {
  const examples = testimonials.filter((t) => t.example).length;
  const lead = examples === 0 ? null : examples === testimonials.length ? testimonialsIntro.lead : testimonialsIntro.mixedLead;
  return (
    <>
      <div className="mx-auto mb-10 max-w-2xl text-center">
        {examples > 0 ? <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-primary">{testimonialsIntro.label}</p> : null}
        <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {testimonialsIntro.title}
        </h2>
        {lead ? <p className="mt-4 text-pretty text-lg text-muted-foreground">{lead}</p> : null}
      </div>
      <ul className="grid gap-5 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.id} className="relative flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
            {t.example ? (
              <span className="absolute right-6 top-6 rounded-full border border-dashed border-input px-2.5 py-0.5 text-sm font-semibold text-muted-foreground">
                {testimonialsIntro.cardLabel}
              </span>
            ) : null}
            {t.figure ? (
              <p className="flex flex-col">
                <span className="text-3xl font-extrabold tracking-tight text-primary">{t.figure.value}</span>
                <span className="text-[0.9375rem] text-muted-foreground">{t.figure.label}</span>
              </p>
            ) : null}
            <blockquote className={t.figure ? "mt-4 flex-1 text-base text-slate-700" : "flex-1 text-base text-slate-700"}>
              <p>“{t.quote}”</p>
            </blockquote>
            <div className="mt-5 flex items-center gap-3 border-t border-border pt-4">
              {t.photo ? (
                // The name is beside it: the photo adds nothing a screen reader should repeat.
                <img src={t.photo.url} srcSet={t.photo.srcset} sizes="40px" width={40} height={40} alt="" loading="lazy" className="size-10 shrink-0 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-bold text-slate-700">
                  {t.initials}
                </span>
              )}
              <p className="text-[0.9375rem] leading-snug">
                {/* An example names no real person: its role leads, as before the studio. */}
                {t.example ? null : <span className="block font-semibold text-foreground">{t.name}</span>}
                {t.role ? <span className={t.example ? "block font-semibold text-foreground" : "block text-muted-foreground"}>{t.role}</span> : null}
                {t.company ? <span className="block text-muted-foreground">{t.company}</span> : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
