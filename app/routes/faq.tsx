import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CtaBand } from "~/components/marketing/cta-band";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { Section } from "~/components/marketing/section";
import { faqEntries } from "~/content/faq";
import { faqPageJsonLd, pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.faq, [faqPageJsonLd(faqEntries)]);

export default function FaqPage() {
  return (
    <>
      <PageHero eyebrow={<Badge>FAQ</Badge>} title="Frequently asked questions" lead="Setup, pricing, limits and guarantees, answered." />
      <Section width="narrow" className="-mt-6 pt-0">
        <h2 className="sr-only">Questions and answers</h2>
        <FaqAccordion entries={faqEntries} />
      </Section>
      <CtaBand title="Still have a question?" lead="Ask us on a short call, or send us a note.">
        <Button asChild size="lg" variant="inverse">
          <Link to={paths.book}>Book a setup call</Link>
        </Button>
        <Button asChild size="lg" variant="outline-inverse">
          <Link to={paths.contact}>Contact us</Link>
        </Button>
      </CtaBand>
    </>
  );
}
