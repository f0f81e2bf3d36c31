import type { RoleDraft } from "../schemas/content";
import { parseRichText } from "./rich-text";

/**
 * A role's description check, on the server before a write and in the studio before a save (the
 * same sentences both sides): Markdoc of the fixed schema, like a post's body. No value tags: a
 * role quotes no price. Parser included, so admin and server code only.
 */
export function roleDescriptionProblems(description: string): string | null {
  const check = parseRichText(description);
  return check.ok ? null : check.errors.map((e) => e.message).join(" ");
}

/** Where the role is worked, in words: "Austin, TX, United States", or "Remote (United States)". */
export function roleLocationText(role: Pick<RoleDraft, "remote" | "city" | "region" | "country">): string {
  if (role.remote) return role.country ? `Remote (${role.country})` : "Remote";
  return [role.city, role.region, role.country].filter(Boolean).join(", ");
}
