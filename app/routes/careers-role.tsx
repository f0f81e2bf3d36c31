import type { ReactNode } from "react";
import { data, Link } from "react-router";
import type { MetaDescriptor } from "react-router";
import { Mail } from "lucide-react";
import type { Route } from "./+types/careers-role";
import { RichText } from "~/components/content/rich-text";
import { BlogErrorBoundary, notFoundMeta } from "~/components/content/blog-not-found";
import { buttonVariants } from "~/components/ui/button";
import { brand } from "~/content/brand";
import { rolePage } from "~/content/careers-role";
import { siteContentContext } from "~/lib/router-context";
import { getRuntimeConfig } from "~/lib/runtime-config";
import { jsonLd } from "~/lib/seo";
import type { RolePageData } from "@shared/content/site-content";
import { careersRolePath, paths } from "@shared/site-routes";

/**
 * /careers/<slug>: an open role (decision 0905). A draft, an unpublished or a closed role's
 * address is no page (404, like an unknown address).
 */
export function loader({ context, params }: Route.LoaderArgs) {
  const role = context.get(siteContentContext).role(params.slug);
  if (!role) throw data(null, { status: 404 });
  return role;
}

/** Where applications go: the role's own address, else the deployment's careers address. */
const applyAddress = (role: RolePageData) => role.applyEmail || getRuntimeConfig().careersEmail;

/** schema.org JobPosting, as search engines read job listings: dates, place or remote, type, employer. */
function jobPostingJsonLd(role: RolePageData): Record<string, unknown> {
  const { publicUrl } = getRuntimeConfig();
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: role.title,
    description: role.descriptionText,
    url: `${publicUrl}${careersRolePath(role.slug)}`,
    datePosted: role.postedAt,
    validThrough: role.closesAt,
    employmentType: role.employmentType,
    hiringOrganization: { "@type": "Organization", name: brand.name, sameAs: `${publicUrl}/`, logo: `${publicUrl}/favicon.svg` },
    ...(role.remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: role.country } }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: role.city, ...(role.region ? { addressRegion: role.region } : {}), addressCountry: role.country },
          },
        }),
    ...(role.team ? { occupationalCategory: role.team } : {}),
  };
}

function roleMeta(role: RolePageData): MetaDescriptor[] {
  const { publicUrl } = getRuntimeConfig();
  const url = `${publicUrl}${careersRolePath(role.slug)}`;
  const title = `${role.title} | ${rolePage.titleSuffix} | ${brand.name}`;
  const description = `${role.employmentTypeText} · ${role.team} · ${role.location}. ${rolePage.closes} ${role.closesOn}.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: role.title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
    jsonLd(jobPostingJsonLd(role)),
  ];
}

export const meta: Route.MetaFunction = ({ data: role }) => (role ? roleMeta(role) : notFoundMeta());
export const ErrorBoundary = BlogErrorBoundary;

export default function CareersRole({ loaderData: role }: Route.ComponentProps) {
  const address = applyAddress(role);
  const mailto = `mailto:${address}?subject=${encodeURIComponent(`${rolePage.applySubject} ${role.title}`)}`;
  const facts: [string, ReactNode][] = [
    [rolePage.team, role.team],
    [rolePage.location, role.location],
    [rolePage.type, role.employmentTypeText],
    [rolePage.posted, <time dateTime={role.postedAt}>{role.postedOn}</time>],
    [rolePage.closes, <time dateTime={role.closesAt}>{role.closesOn}</time>],
  ];
  return (
    <article className="mx-auto max-w-[44rem] px-4 pt-10 pb-16 sm:px-6 sm:pt-14">
      <p className="text-sm font-semibold">
        <Link to={`${paths.careers}#open-roles`} className="text-primary underline-offset-4 hover:underline">
          {rolePage.back}
        </Link>
      </p>
      <header className="mt-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-[2.75rem] sm:leading-tight">{role.title}</h1>
        <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 border-y border-border py-4 text-[0.9375rem]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="text-muted-foreground [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </header>
      <RichText tree={role.description} className="mt-8" />
      <aside aria-labelledby="apply-title" className="mt-12 rounded-2xl bg-primary-soft p-6 text-center sm:p-8">
        <h2 id="apply-title" className="text-2xl font-bold tracking-tight">
          {rolePage.apply}
        </h2>
        <p className="mx-auto mt-2 max-w-prose text-pretty text-lg text-muted-foreground">{rolePage.applyNote}</p>
        <a href={mailto} className={`${buttonVariants({ size: "lg" })} mt-6`}>
          <Mail aria-hidden="true" width={16} height={16} />
          {rolePage.apply}
        </a>
        <p className="mt-3 text-[0.9375rem] text-muted-foreground [overflow-wrap:anywhere]">
          {rolePage.writeTo} <span className="font-semibold text-foreground">{address}</span>
        </p>
      </aside>
    </article>
  );
}
