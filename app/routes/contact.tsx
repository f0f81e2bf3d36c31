import * as React from "react";
import { Link } from "react-router";
import { Clock, Mail, Phone, type LucideIcon } from "lucide-react";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { NumberedSteps } from "~/components/marketing/numbered-steps";
import { Section } from "~/components/marketing/section";
import { contactFormTitle, contactHero, quickStartSteps, quickStartTitle, talkToUs } from "~/content/contact";
import { HydrateOnIntent } from "~/components/hydrate-on-intent";
import { retryingImport } from "~/lib/lazy-import";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { contactFormSection, paths } from "@shared/site-routes";

// Retried when its chunk fails; after that, HydrateOnIntent leaves the prerendered form as
// plain HTML, which posts natively (docs/decisions/0501).
const loadContactForm = retryingImport(() => import("~/features/contact/contact-form"));
const ContactForm = React.lazy(() => loadContactForm().then((m) => ({ default: m.ContactForm })));

export const meta: Route.MetaFunction = () => pageMeta(paths.contact);

/** A way to reach us: its icon, its name for screen readers, and the link. */
function ContactMethod({ icon: Icon, label, href, children }: { icon: LucideIcon; label: string; href: string; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <Icon className="size-5 text-primary" width={20} height={20} aria-hidden="true" />
      <span className="sr-only">{label}</span>
      <a href={href} className="font-semibold text-primary underline-offset-4 hover:underline">
        {children}
      </a>
    </li>
  );
}

export default function ContactPage() {
  const { supportEmail, supportPhone } = getRuntimeConfig();
  return (
    <>
      <PageHero eyebrow={<Badge>{contactHero.eyebrow}</Badge>} title={contactHero.title} lead={contactHero.lead} />

      <Section className="-mt-6 pt-0" title={quickStartTitle}>
        <NumberedSteps steps={quickStartSteps} />
      </Section>

      <Section tone="muted">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{talkToUs.title}</h2>
            <p className="mt-3 text-muted-foreground">{talkToUs.lead}</p>
            <ul className="mt-6 flex flex-col gap-4">
              <ContactMethod icon={Mail} label={talkToUs.emailLabel} href={`mailto:${supportEmail}`}>
                {supportEmail}
              </ContactMethod>
              <ContactMethod icon={Phone} label={talkToUs.phoneLabel} href={`tel:${supportPhone.replace(/[^+\d]/g, "")}`}>
                {supportPhone}
              </ContactMethod>
              <li className="flex items-center gap-3 text-muted-foreground">
                <Clock className="size-5 text-primary" width={20} height={20} aria-hidden="true" />
                {talkToUs.replyTime}
              </li>
            </ul>
            <p className="mt-8 text-sm text-muted-foreground">
              {talkToUs.schedulePrompt}{" "}
              <Link to={paths.book} className="font-semibold text-primary underline underline-offset-4">
                {talkToUs.scheduleLabel}
              </Link>
              .
            </p>
          </div>
          <div id={contactFormSection} className="scroll-mt-20 rounded-2xl border border-border bg-background p-5 shadow-sm sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight">{contactFormTitle}</h2>
            <div className="mt-6">
              <HydrateOnIntent>
                <ContactForm />
              </HydrateOnIntent>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
