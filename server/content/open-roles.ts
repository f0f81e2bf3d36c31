import { plainText, toRenderable } from "@shared/content/rich-text";
import { employmentTypeLabels } from "@shared/content/employment-types";
import { roleLocationText } from "@shared/content/role";
import type { RoleCard, RolePageData } from "@shared/content/site-content";
import { roleDraftSchema, type RoleDraft } from "@shared/schemas/content";

/**
 * The open roles as the pages read them (docs/decisions/0905), built with the rest of the site
 * content (server/content/site-content.ts) once per content version.
 */

/** A published role with its address and first publication (its JobPosting's datePosted). */
export type PublishedRole = RoleDraft & { slug: string; postedAt: string };

/**
 * A published row as an open role, or null: a copy that no longer parses is left off (not a 500),
 * and so is a role past its closing date even before the tick that closes it has run.
 */
export function openRoleOf(row: { published: unknown; slug: string | null; firstPublishedAt: Date | null }, now: Date): PublishedRole | null {
  const role = roleDraftSchema.safeParse(row.published);
  if (!role.success || !row.slug || !row.firstPublishedAt) return null;
  if (role.data.closesAt === "" || new Date(role.data.closesAt).getTime() <= now.getTime()) return null;
  return { ...role.data, slug: row.slug, postedAt: row.firstPublishedAt.toISOString() };
}

const roleDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
/** A role's date as its pages show it, written here so no page formats one in the browser; a draft's preview may have none. */
const roleDateText = (iso: string) => (iso ? roleDate.format(new Date(iso)) : "Not set");

const roleCardOf = (role: PublishedRole): RoleCard => ({
  slug: role.slug,
  title: role.title,
  team: role.team,
  location: roleLocationText(role),
  remote: role.remote,
  employmentType: role.employmentType,
  employmentTypeText: employmentTypeLabels[role.employmentType],
  closesAt: role.closesAt,
  closesOn: roleDateText(role.closesAt),
});

/** The open roles as /careers lists them (newest first) and their pages, each built once per version. */
export function rolesOf(roles: PublishedRole[]): { cards: RoleCard[]; page: (slug: string) => RolePageData | null } {
  const sorted = [...roles].sort((a, b) => b.postedAt.localeCompare(a.postedAt) || a.title.localeCompare(b.title));
  const bySlug = new Map(sorted.map((role) => [role.slug, role]));
  const pages = new Map<string, RolePageData>();
  return {
    cards: sorted.map(roleCardOf),
    page(slug) {
      const role = bySlug.get(slug);
      if (!role) return null;
      // Asked on every request for the role's address (is it a page?): parsed once per version.
      let page = pages.get(slug);
      if (!page) {
        page = {
          ...roleCardOf(role),
          city: role.city,
          region: role.region,
          country: role.country,
          description: toRenderable(role.description),
          descriptionText: plainText(role.description),
          applyEmail: role.applyEmail,
          postedAt: role.postedAt,
          postedOn: roleDateText(role.postedAt),
        };
        pages.set(slug, page);
      }
      return page;
    },
  };
}
