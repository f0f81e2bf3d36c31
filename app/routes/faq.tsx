import type { Route } from "./+types/faq";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { CtaBand, CtaBandLink } from "~/components/marketing/cta-band";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { Section } from "~/components/marketing/section";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { faqEntries, faqFinalCta, faqHero, faqListHeading } from "~/content/faq";
import { faqPageJsonLd, pageMeta } from "~/lib/seo";
import { siteContentContext } from "~/lib/router-context";
import { paths } from "@shared/site-routes";

/**
 * The published FAQ items (decision 0904), their price tags filled in by the server; where
 * nothing is published (the build's prerender), the code's own.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { faq: context.get(siteContentContext).faq };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(paths.faq, [faqPageJsonLd(data?.faq ? data.faq.map((item) => ({ question: item.question, answer: item.answerText })) : faqEntries)]);

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const entries = loaderData.faq ?? faqEntries;
  return (
    <>
      <PageHero eyebrow={<Badge>{faqHero.eyebrow}</Badge>} title={faqHero.title} lead={faqHero.lead} />
      <Section width="narrow" className="-mt-6 pt-0">
        <h2 className="sr-only">{faqListHeading}</h2>
        <FaqAccordion entries={entries} />
      </Section>
      <CtaBand title={faqFinalCta.title} lead={faqFinalCta.lead} note={reassurance.setupCall}>
        <CtaBandLink to={paths.book} primary>{ctaLabels.bookSetupCall}</CtaBandLink>
        <CtaBandLink to={paths.contact}>{ctaLabels.contactUs}</CtaBandLink>
      </CtaBand>
    </>
  );
}
