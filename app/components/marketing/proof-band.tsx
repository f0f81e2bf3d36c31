import { trustedByLabel, trustedByNames } from "~/content/home";

/** The home page's proof under the hero: the example customers (docs/product.md#trusted-by-strip). */
export function ProofBand() {
  return (
    <section aria-labelledby="trusted-by" className="border-y border-border bg-background">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="trusted-by" className="text-center text-sm font-semibold tracking-wide text-muted-foreground">
          {trustedByLabel}
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 text-center text-base font-semibold text-slate-700 sm:grid-cols-3 lg:grid-cols-6">
          {trustedByNames.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
