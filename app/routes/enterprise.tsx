import * as React from "react";
import { Check } from "lucide-react";
import type { Route } from "./+types/enterprise";
import { HeroNote, PageHero } from "~/components/layout/page-hero";
import { DataFlowDiagram } from "~/components/marketing/mockup/data-flow-diagram";
import { IntegrationsDiagram } from "~/components/marketing/mockup/integrations-diagram";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { IconCardGrid } from "~/components/marketing/icon-card-grid";
import { OutcomesStrip } from "~/components/marketing/outcomes-strip";
import { Section } from "~/components/marketing/section";
import { SecurityPoints } from "~/components/marketing/security-points";
import {
  bookDirectly,
  businessOutcomesTitle,
  deliveryOptions,
  deliveryOptionsTitle,
  enterpriseFeatures,
  enterpriseFeaturesTitle,
  enterpriseFormSection,
  enterpriseHero,
  integrationsSection,
  procurementFaq,
  procurementFaqTitle,
  securityLead,
  securityTitle,
  useCasesByTeam,
  useCasesTitle,
} from "~/content/enterprise";
import { reassurance } from "~/content/calls-to-action";
import { EnterpriseConsultButton } from "~/features/enterprise/enterprise-consult-button";
import { HydrateOnIntent } from "~/components/hydrate-on-intent";
import { NativeFormStateContext } from "~/features/lead-capture/native-form-state";
import { nativeFormAction, nativeFormHeaders } from "~/features/lead-capture/native-form-action";
import { retryingImport } from "~/lib/lazy-import";
import { pageMeta } from "~/lib/seo";
import { enterpriseRequestSection, paths } from "@shared/site-routes";

// Retried when its chunk fails; after that, HydrateOnIntent leaves the prerendered form as
// plain HTML, which posts natively (docs/decisions/0501).
const loadEnterpriseRequestForm = retryingImport(() => import("~/features/enterprise/enterprise-request-form"));
const EnterpriseRequestForm = React.lazy(() => loadEnterpriseRequestForm().then((m) => ({ default: m.EnterpriseRequestForm })));

export const meta: Route.MetaFunction = () => pageMeta(paths.enterprise);

/** A native post of the page's form, sent to the lead intake (docs/decisions/0501). */
export const action = nativeFormAction("enterprise");
export const headers = nativeFormHeaders;

const formSectionId = enterpriseRequestSection;

/** A card's short list, each line after a small green tick. */
function TickList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" width={16} height={16} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

export default function EnterprisePage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={<Badge>{enterpriseHero.eyebrow}</Badge>}
        title={enterpriseHero.title}
        lead={enterpriseHero.lead}
        note={reassurance.enterprise}
      >
        <a href={`#${formSectionId}`} className={buttonVariants({ size: "lg" })}>
          {enterpriseHero.requestCta}
        </a>
        <EnterpriseConsultButton size="lg" variant="outline">
          {bookDirectly.cta}
        </EnterpriseConsultButton>
      </PageHero>

      <Section title={enterpriseFeaturesTitle}>
        <IconCardGrid items={enterpriseFeatures} columns={4} />
      </Section>

      <OutcomesStrip title={businessOutcomesTitle} />

      <Section title={useCasesTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {useCasesByTeam.map((group) => (
            <li key={group.team} className="rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-lg font-bold">{group.team}</h3>
              <TickList items={group.cases} className="mt-3 flex flex-col gap-2 text-[0.9375rem] text-muted-foreground" />
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title={integrationsSection.title} lead={integrationsSection.lead}>
        <IntegrationsDiagram />
      </Section>

      <Section title={deliveryOptionsTitle}>
        <ul className="grid gap-6 md:grid-cols-2">
          {deliveryOptions.map((option) => (
            <li key={option.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
              <h3 className="text-xl font-bold">{option.title}</h3>
              <p className="mt-2 text-muted-foreground">{option.description}</p>
              <TickList items={option.points} className="mt-4 flex flex-col gap-2 text-[0.9375rem]" />
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" title={securityTitle} lead={securityLead}>
        <DataFlowDiagram />
        <div className="mt-14 sm:mt-16">
          <SecurityPoints />
        </div>
      </Section>

      <Section title={procurementFaqTitle} width="narrow">
        <FaqAccordion entries={procurementFaq} />
      </Section>

      <Section
        tone="muted"
        id={formSectionId}
        title={enterpriseFormSection.title}
        lead={enterpriseFormSection.lead}
        width="narrow"
      >
        <div className="rounded-2xl border border-border bg-background p-5 shadow-sm sm:p-8">
          <HydrateOnIntent>
            <NativeFormStateContext.Provider value={actionData ?? null}>
              <EnterpriseRequestForm />
            </NativeFormStateContext.Provider>
          </HydrateOnIntent>
        </div>
        <HeroNote className="text-center">{reassurance.enterprise}</HeroNote>
      </Section>

      <section aria-labelledby="book-directly" className="bg-ink text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h2 id="book-directly" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {bookDirectly.title}
          </h2>
          <p className="mt-4 text-lg text-slate-200">{bookDirectly.lead}</p>
          <EnterpriseConsultButton size="lg" variant="inverse" className="mt-8">
            {bookDirectly.cta}
          </EnterpriseConsultButton>
          <p className="mt-3 text-[0.9375rem] text-slate-300">{reassurance.enterprise}</p>
        </div>
      </section>
    </>
  );
}
