/**
 * The rules of a rich-text body (blog posts, FAQ answers) that hold without its parser
 * (docs/decisions/0901). The Markdoc side (shared/content/rich-text.ts) uses them to validate and
 * transform a body; the public renderer (app/components/content/rich-text.tsx) and the editor
 * (app/features/admin/content/rich-text-editor.tsx) import this module only, so neither pulls
 * @markdoc/markdoc into a browser bundle: the renderer draws a tree the server already made, and
 * the editor checks a link or an image with the same functions the server checks it with.
 *
 * Pure: no React, no framework, no dependency.
 */

/**
 * The longest body accepted, in characters (UTF-16 code units, as `string.length` counts). About
 * 30,000 words: five times the longest post a marketer writes, small enough that a save parses in
 * a fraction of a second. Import it from here, not from rich-text.ts, so a form's schema does not
 * bring the parser along.
 */
export const RICH_TEXT_MAX_LENGTH = 200_000;

/**
 * The most `{%` a body may hold (blocks and values together). The Markdown parser inside Markdoc
 * (markdown-it 12) loops for ever once a paragraph holds 100 tags that are opened and never
 * closed, and scans to the end of the text for every `{%` without a `%}`; a body is refused above
 * this count before it reaches the parser, so neither can happen. A real post holds a few.
 */
export const RICH_TEXT_MAX_TAGS = 50;

/** The call-to-action block: `{% book-demo /%}` or `{% book-demo label="Book your demo" /%}`. */
export const BOOK_DEMO_TAG = "book-demo";
/** The longest label of the book-demo block's button. */
export const BOOK_DEMO_LABEL_MAX_LENGTH = 60;

/**
 * Value tags: a value the page supplies when it renders the body, so a figure written in a body
 * follows the one source of truth. `{% price name="monthly" /%}` renders `values.price.monthly`
 * and `{% term name="guarantee-days" /%}` `values.term["guarantee-days"]` (for FAQ answers that
 * quote prices or the plan's terms). A new kind is one more name here.
 */
export const richTextValueTags = ["price", "term"] as const;
export type RichTextValueTag = (typeof richTextValueTags)[number];
/** The values of each kind, by name, already formatted for reading ("$49"). */
export type RichTextValues = Partial<Record<RichTextValueTag, Readonly<Record<string, string>>>>;
/** The names a page can supply, by kind: what a save is checked against. */
export type RichTextValueNames = Partial<Record<RichTextValueTag, readonly string[]>>;
/** A value's name: lower-case letters, digits and hyphens ("monthly", "annual-per-seat"). */
export const VALUE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function isValueTag(name: string): name is RichTextValueTag {
  return (richTextValueTags as readonly string[]).includes(name);
}

// Characters that never belong in an address: controls (a browser drops some of them, so
// "\u0001javascript:" would run), whitespace (a browser drops tabs and line breaks inside a URL,
// so "java\tscript:" would run), and the backslash (a browser reads "/\evil.example" as
// "//evil.example", another site).
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_ADDRESS = /[\u0000-\u0020\u007F-\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF\\]/;
const MAX_ADDRESS_LENGTH = 2000;

/**
 * Where a link may go: http and https (no user name in the address: "https://bank.example@evil"
 * reads as one site and goes to another), mailto, tel, or a page of this site by its path. An
 * allow-list, so every other scheme (javascript:, data:, vbscript:, file:, whatever a browser adds
 * next) is refused, in any case and with any padding.
 */
export function isAllowedHref(href: string): boolean {
  if (typeof href !== "string" || href.length === 0 || href.length > MAX_ADDRESS_LENGTH || UNSAFE_IN_ADDRESS.test(href)) return false;
  return (
    /^https?:\/\/[^/?#@]+(?:[/?#].*)?$/i.test(href) ||
    /^mailto:[^/?#]+@[^/?#]+(?:\?.*)?$/i.test(href) ||
    /^tel:\+?[0-9][0-9().-]*$/i.test(href) ||
    /^\/(?!\/)/.test(href)
  );
}

/**
 * Where an image may come from: our own media storage, by its root-relative path
 * (`/media/<name>`). Nothing from another site (no tracking pixels, nothing that changes after
 * review, no extra origin in the CSP) and no data: URL.
 */
export function isAllowedImageSrc(src: string): boolean {
  return (
    typeof src === "string" &&
    src.length <= 500 &&
    /^\/media\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(src)
  );
}

/** Heading ids carry a prefix so a heading never takes an id the page uses ("main", "booking-dialog"). */
export const HEADING_ID_PREFIX = "section-";

/**
 * The renderable tree of a body: what `toRenderable` returns, a loader sends as JSON and
 * `RichText` draws. Markdoc's own shape (`$$mdtype: "Tag"`), as plain objects of strings and
 * numbers, so it survives a JSON round trip unchanged.
 */
export type RichTextElement = {
  $$mdtype: "Tag";
  name: RichTextElementName;
  attributes: Record<string, string | number>;
  children: RichTextNode[];
};
export type RichTextNode = string | RichTextElement;
export type RichTextTree = RichTextNode[];

/**
 * Every element a tree may hold, with the attributes each may carry. `BookDemo` is the
 * call-to-action block; the renderer draws the rest as the HTML element of the same name. Anything
 * else in a tree is not drawn (its text is).
 */
export const richTextElementAttributes = {
  p: [],
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  ul: [],
  ol: ["start"],
  li: [],
  blockquote: [],
  strong: [],
  em: [],
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  hr: [],
  br: [],
  BookDemo: ["label"],
} as const satisfies Record<string, readonly string[]>;
export type RichTextElementName = keyof typeof richTextElementAttributes;

export function isRichTextElementName(name: unknown): name is RichTextElementName {
  return typeof name === "string" && Object.hasOwn(richTextElementAttributes, name);
}

/** A tree node that is an element of the vocabulary above (a tree may have crossed the network). */
export function isRichTextElement(node: unknown): node is RichTextElement {
  if (typeof node !== "object" || node === null) return false;
  const candidate = node as Partial<RichTextElement>;
  return (
    candidate.$$mdtype === "Tag" &&
    isRichTextElementName(candidate.name) &&
    typeof candidate.attributes === "object" &&
    candidate.attributes !== null &&
    Array.isArray(candidate.children)
  );
}

/** One heading of a body, for a table of contents: its level, its text and the id it renders with. */
export type RichTextHeading = { level: 2 | 3 | 4; text: string; id: string };

const headingLevels = { h2: 2, h3: 3, h4: 4 } as const;

/** The headings of a rendered body, in order (cheap: a walk over the tree, no parse). */
export function headingsOf(tree: RichTextTree): RichTextHeading[] {
  const headings: RichTextHeading[] = [];
  const walk = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (!isRichTextElement(node)) continue;
      if (node.name === "h2" || node.name === "h3" || node.name === "h4") {
        const id = node.attributes.id;
        headings.push({ level: headingLevels[node.name], text: textOf(node.children).trim(), id: typeof id === "string" ? id : "" });
      } else {
        walk(node.children);
      }
    }
  };
  walk(tree);
  return headings;
}

const blockElements = new Set<RichTextElementName>(["p", "h2", "h3", "h4", "ul", "ol", "blockquote"]);

/**
 * The words of a rendered body as plain text: blocks on lines of their own, a blank line between
 * paragraphs, no markup, no image, no call to action (summaries, reading time, search).
 */
export function textOf(tree: RichTextTree): string {
  const parts: string[] = [];
  const walk = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (typeof node === "string") {
        parts.push(node);
      } else if (isRichTextElement(node)) {
        if (node.name === "br") parts.push("\n");
        if (node.name === "img" || node.name === "BookDemo" || node.name === "hr") continue;
        // A paragraph is a block of its own; the items of a list are lines of one block.
        const block = blockElements.has(node.name);
        parts.push(block ? "\n\n" : node.name === "li" ? "\n" : "");
        walk(node.children);
        if (block) parts.push("\n\n");
      }
    }
  };
  walk(tree);
  return parts
    .join("")
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.replace(/[ \t]+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}
