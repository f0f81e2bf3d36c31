import { useId } from "react";
import { trustedByLabel } from "~/content/home";
import { wordmarks } from "~/content/proof";
import { LazyStoryProof } from "./lazy-story-proof";
import { ResellerSeal } from "./reseller-seal";
import type { StoryCard, TestimonialCard } from "@shared/content/site-content";
import { Testimonials } from "./testimonials";
import { WordmarkList } from "./wordmarks";

/**
 * The home page's proof under the hero (docs/product.md#design): the example customers as
 * wordmarks (docs/product.md#trusted-by-strip), the published testimonials (the code's examples
 * where nothing is published), the newest published customer story, and the reseller seal.
 */
export function ProofBand({ testimonials: shown, story = null }: { testimonials: TestimonialCard[]; story?: StoryCard | null }) {
  const testimonialsId = useId();
  return (
    <>
      <section aria-labelledby="trusted-by" className="border-t border-border bg-background">
        <div className="mx-auto max-w-7xl px-4 pb-4 pt-8 sm:px-6 sm:pt-10">
          <h2 id="trusted-by" className="mb-6 text-center text-sm font-semibold tracking-wide text-muted-foreground">
            {trustedByLabel}
          </h2>
          <WordmarkList wordmarks={wordmarks} />
        </div>
      </section>
      <section aria-labelledby={shown.length > 0 ? testimonialsId : undefined} className="bg-background">
        <div className="mx-auto max-w-6xl px-4 pb-14 pt-12 sm:px-6 sm:pb-20 sm:pt-16">
          {shown.length > 0 ? <Testimonials headingId={testimonialsId} testimonials={shown} /> : null}
          {/* The newest published customer story, of any industry (decision 0906). */}
          {story ? (
            <div className="mt-12">
              <LazyStoryProof story={story} headingLevel={shown.length > 0 ? 3 : 2} />
            </div>
          ) : null}
          <ResellerSeal size="lg" className="mx-auto mt-12" />
        </div>
      </section>
    </>
  );
}
