import { blogPageNumber, type SiteContent } from "@shared/content/site-content";
import { tagSchema } from "@shared/schemas/content";
import { customersPath, paths } from "@shared/site-routes";

/**
 * The public addresses the published content answers (docs/decisions/0903), as the server reads
 * them before anything is rendered: an address the content cannot answer (a slug nobody
 * published, a page past the last) is a 404 from memory, so a crawl of made-up URLs costs no
 * render. The pages' own loaders (app/routes/blog/*) apply the same rules again.
 */
export type ContentPath =
  | { kind: "blog"; page: number }
  | { kind: "tag"; tag: string; page: number }
  | { kind: "post"; slug: string }
  | { kind: "role"; slug: string }
  | { kind: "stories" }
  | { kind: "story"; slug: string };

const SEGMENT = "[^/]+";
const patterns: [RegExp, (m: RegExpExecArray) => ContentPath | null][] = [
  [new RegExp(`^${paths.blog}$`), () => ({ kind: "blog", page: 1 })],
  [new RegExp(`^${paths.blog}/page/(${SEGMENT})$`), (m) => pageOf(m[1]!, (page) => ({ kind: "blog", page }))],
  [new RegExp(`^${paths.blog}/tag/(${SEGMENT})$`), (m) => tagOf(m[1]!, 1)],
  [new RegExp(`^${paths.blog}/tag/(${SEGMENT})/page/(${SEGMENT})$`), (m) => pageOf(m[2]!, (page) => tagOf(m[1]!, page))],
  [new RegExp(`^${paths.blog}/(${SEGMENT})$`), (m) => ({ kind: "post", slug: m[1]! })],
  [new RegExp(`^${paths.careers}/(${SEGMENT})$`), (m) => ({ kind: "role", slug: m[1]! })],
  [new RegExp(`^${customersPath}$`), () => ({ kind: "stories" })],
  [new RegExp(`^${customersPath}/(${SEGMENT})$`), (m) => ({ kind: "story", slug: m[1]! })],
];

function pageOf<T>(param: string, then: (page: number) => T | null): T | null {
  const page = blogPageNumber(param);
  return page === null ? null : then(page);
}

function tagOf(param: string, page: number): ContentPath | null {
  const tag = tagSchema.safeParse(param);
  return tag.success && tag.data === param ? { kind: "tag", tag: tag.data, page } : null;
}

/** The content address `urlPath` is, or null when it is none (or a malformed one). */
export function matchContentPath(urlPath: string): ContentPath | null {
  for (const [pattern, read] of patterns) {
    const match = pattern.exec(urlPath);
    if (match) return read(match);
  }
  return null;
}

/** Whether the content answers this address: a page to render (or a redirect), not a 404. */
export function contentAnswers(path: ContentPath, content: SiteContent): boolean {
  switch (path.kind) {
    case "blog":
      return path.page === 1 || content.blogList(path.page, null) !== null;
    case "tag":
      return content.blogList(path.page, path.tag) !== null;
    case "post":
      return content.post(path.slug) !== null;
    case "role":
      return content.role(path.slug) !== null;
    // The list is a page with or without stories (it says when there are none), like /blog.
    case "stories":
      return true;
    case "story":
      return content.story(path.slug) !== null;
  }
}

/**
 * For an address under /blog that a blog route matches in the browser (whatever its content), an
 * address of that route no content answers: a made-up slug, tag or page is answered with that
 * route's 404, rendered once per change for each route, not once per made-up address. Null for an
 * address no blog route matches (the not-found route's, like any unknown address).
 */
export function missingContentAddress(urlPath: string): string | null {
  // A role nobody published, or one that closed: the role route's 404 (decision 0905).
  if (urlPath.startsWith(`${paths.careers}/`)) return /^[^/]+$/.test(urlPath.slice(paths.careers.length + 1)) ? `${paths.careers}/_` : null;
  // A story nobody published: the story route's 404, one render for every such address.
  if (urlPath.startsWith(`${customersPath}/`)) return urlPath.slice(customersPath.length + 1).includes("/") ? null : `${customersPath}/_`;
  if (!urlPath.startsWith(`${paths.blog}/`)) return null;
  const segments = urlPath.slice(paths.blog.length + 1).split("/");
  if (segments.some((s) => s === "")) return null;
  if (segments.length === 1) return `${paths.blog}/_`;
  if (segments.length === 2 && segments[0] === "page") return `${paths.blog}/page/0`;
  if (segments.length === 2 && segments[0] === "tag") return `${paths.blog}/tag/_`;
  if (segments.length === 4 && segments[0] === "tag" && segments[2] === "page") return `${paths.blog}/tag/_/page/0`;
  return null;
}
