import * as React from "react";
import { Link } from "react-router";
import { Clock, Mail, Phone, type LucideIcon } from "lucide-react";
import type { Route } from "./+types/contact";
import { HeroNote, PageHero } from "~/components/layout/page-hero";
import { Badge } from "~/components/ui/badge";
import { Timeline } from "~/components/marketing/timeline";
import { reassurance } from "~/content/calls-to-action";
import { contactFormTitle, contactHero, quickStartSteps, quickStartTitle, talkToUs } from "~/content/contact";
import { HydrateOnIntent } from "~/components/hydrate-on-intent";
import { NativeFormStateContext } from "~/features/lead-capture/native-form-state";
import { nativeFormAction, nativeFormHeaders } from "~/features/lead-capture/native-form-action";
import { retryingImport } from "~/lib/lazy-import";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { pageMeta } from "~/lib/seo";
import { contactFormSection, paths } from "@shared/site-routes";

// Retried when its chunk fails; after that, HydrateOnIntent leaves the prerendered form as
// plain HTML, which posts natively (docs/decisions/0501).
const loadContactForm = retryingImport(() => import("~/features/contact/contact-form"));
const ContactForm = React.lazy(() => loadContactForm().then((m) => ({ default: m.ContactForm })));

export const meta: Route.MetaFunction = () => pageMeta(paths.contact);

/** A native post of the page's form, sent to the lead intake (docs/decisions/0501). */
export const action = nativeFormAction("contact");
export const headers = nativeFormHeaders;

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

/** A section of the column beside the form, named by its heading. */
function AsideSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/*
 * The form first: beside the contact details and the quick start from lg, and straight under the
 * headline on a phone, with the details and the steps after it (docs/product.md#design).
 */
export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { supportEmail, supportPhone } = getRuntimeConfig();
  return (
    <>
      <PageHero eyebrow={<Badge>{contactHero.eyebrow}</Badge>} title={contactHero.title} lead={contactHero.lead} />

      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 pt-2 pb-14 sm:px-6 sm:pt-4 sm:pb-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-12">
        <section
          id={contactFormSection}
          aria-labelledby="contact-form-title"
          className="scroll-mt-20 rounded-2xl border border-border bg-background p-5 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            {contactFormTitle}
          </h2>
          <div className="mt-5">
            <HydrateOnIntent>
              <NativeFormStateContext.Provider value={actionData ?? null}>
                <ContactForm />
              </NativeFormStateContext.Provider>
            </HydrateOnIntent>
          </div>
          <HeroNote className="text-center">{reassurance.contact}</HeroNote>
        </section>

        <div className="grid gap-10">
          <AsideSection title={talkToUs.title} className="rounded-2xl bg-muted p-5 sm:p-6">
            <p className="mt-2 text-[0.9375rem] text-muted-foreground">{talkToUs.lead}</p>
            <ul className="mt-5 flex flex-col gap-4">
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
            <p className="mt-5 text-[0.9375rem] text-muted-foreground">
              {talkToUs.schedulePrompt}{" "}
              <Link to={paths.book} className="font-semibold text-primary underline underline-offset-4">
                {talkToUs.scheduleLabel}
              </Link>
              .
            </p>
          </AsideSection>

          <AsideSection title={quickStartTitle}>
            <Timeline steps={quickStartSteps} className="mt-5" />
          </AsideSection>
        </div>
      </div>
    </>
  );
}
