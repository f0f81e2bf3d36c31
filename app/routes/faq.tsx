import type { Route } from "./+types/faq";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { Section } from "~/components/marketing/section";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { faqEntries, faqFinalCta, faqHero, faqListHeading } from "~/content/faq";
import { faqPageJsonLd, pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.faq, [faqPageJsonLd(faqEntries)]);

export default function FaqPage() {
  return (
    <>
      <PageHero eyebrow={<Badge>{faqHero.eyebrow}</Badge>} title={faqHero.title} lead={faqHero.lead} />
      <Section width="narrow" className="-mt-6 pt-0">
        <h2 className="sr-only">{faqListHeading}</h2>
        <FaqAccordion entries={faqEntries} />
      </Section>
      <CtaBand title={faqFinalCta.title} lead={faqFinalCta.lead} note={reassurance.setupCall}>
        <CtaBandLink to={paths.book} primary>{ctaLabels.bookSetupCall}</CtaBandLink>
        <CtaBandLink to={paths.contact}>{ctaLabels.contactUs}</CtaBandLink>
      </CtaBand>
    </>
  );
}
