import Markdoc, { type Config, type Node, type RenderableTreeNode, type Schema } from "@markdoc/markdoc";
import {
  BOOK_DEMO_LABEL_MAX_LENGTH,
  BOOK_DEMO_TAG,
  HEADING_ID_PREFIX,
  RICH_TEXT_MAX_LENGTH,
  RICH_TEXT_MAX_TAGS,
  VALUE_NAME_PATTERN,
  isAllowedHref,
  isAllowedImageSrc,
  isRichTextElementName,
  isValueTag,
  richTextElementAttributes,
  richTextValueTags,
  textOf,
  type RichTextNode,
  type RichTextTree,
  type RichTextValueNames,
  type RichTextValues,
} from "./rich-text-rules";

/**
 * A rich-text body (blog posts, FAQ answers) is Markdoc source: Markdown plus a fixed set of tags,
 * parsed and rendered through the fixed schema below (docs/decisions/0901). Markdoc has no HTML
 * (`<script>` is text) and no code: a body can only ever become the elements of
 * `richTextElementAttributes`, with addresses that pass `isAllowedHref` / `isAllowedImageSrc`.
 *
 * - `parseRichText(source)`: is this a body we store? Every problem as a sentence with its line
 *   (the API answers 400 with them).
 * - `toRenderable(source, values)`: the tree the page draws with `RichText`
 *   (app/components/content/rich-text.tsx); plain JSON, so a loader can send it.
 * - `plainText(source)`: the words alone (summaries, reading time, search).
 *
 * Server-side (or admin) code only: the parser weighs about 50 KB gzip and public pages must not
 * load it. What the browser needs is in rich-text-rules.ts.
 */

export type RichTextError = {
  /** The line of the source the problem is on, from 1; null for the body as a whole. */
  line: number | null;
  message: string;
};
export type RichTextCheck = { ok: boolean; errors: RichTextError[] };

/** "a", "a and b", "a, b and c". */
const inWords = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const valueTags = richTextValueTags.map((tag) => `{% ${tag} name="…" /%}`);
const valueTagList = inWords(valueTags);
const allowedTagList = inWords([`{% ${BOOK_DEMO_TAG} /%}`, ...valueTags]);

// Controls other than tab, line feed and carriage return, and UTF-16 surrogates without their
// pair: nobody types them, a paste from a word processor can carry them, and PostgreSQL refuses
// to store NUL (a save would fail with a 500 instead of a message).
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The checks that keep a source away from the parser's slow paths (see RICH_TEXT_MAX_TAGS). */
function sizeErrors(source: string): RichTextError[] {
  if (source.length > RICH_TEXT_MAX_LENGTH) {
    return [{ line: null, message: `The text is ${source.length.toLocaleString("en-US")} characters long; the most it can be is ${RICH_TEXT_MAX_LENGTH.toLocaleString("en-US")}.` }];
  }
  const tags = source.split("{%").length - 1;
  if (tags > RICH_TEXT_MAX_TAGS) {
    return [{ line: null, message: `The text holds ${tags} blocks and values written as {% … %}; the most it can hold is ${RICH_TEXT_MAX_TAGS}.` }];
  }
  const hidden = HIDDEN_CHARACTER.exec(source);
  if (hidden) {
    const line = source.slice(0, hidden.index).split("\n").length;
    return [{ line, message: `Line ${line} holds a hidden control character; type that line again or paste it as plain text.` }];
  }
  return [];
}

/**
 * Parses a source that passed `sizeErrors`. The leading line break keeps the first line from
 * being read as front matter: Markdoc drops everything between a first line "---" and the next
 * "---" line (two horizontal rules in the editor). It also makes markdown-it's 0-based line
 * numbers the source's 1-based ones.
 */
function parse(source: string): Node {
  return Markdoc.parse(`\n${source}`);
}

/** An image's size in pixels, where the media library knows it. */
export type ImageSize = { width: number; height: number };
export type RenderOptions = {
  /**
   * The size of a stored image, by its path: with it the image keeps its own proportions and
   * reserves its place before it loads; without it, it is shown whole in a 16:9 box.
   */
  imageSize?: (src: string) => ImageSize | undefined;
};

/** Per render: the values to fill in, and the heading ids given so far (to keep them unique). */
type RenderState = { values: RichTextValues; options: RenderOptions; headingIds: Map<string, number> };

function transformChildren(node: Node, config: Config): RenderableTreeNode[] {
  return node.transformChildren(config);
}

/** The text of transformed nodes (a heading's, for its id). */
function renderedText(nodes: RenderableTreeNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (Markdoc.Tag.isTag(node)) return renderedText(node.children);
      return "";
    })
    .join("");
}

function slug(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return words || "heading";
}

function headingId(text: string, state: RenderState): string {
  const base = `${HEADING_ID_PREFIX}${slug(text)}`;
  const seen = state.headingIds.get(base) ?? 0;
  state.headingIds.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

const passThrough: Schema = { transform: (node, config) => transformChildren(node, config) };
const nothing: Schema = { transform: () => [] };

/** The fixed schema. Anything Markdoc knows that is not here renders as its text, or not at all. */
function configFor(state: RenderState): Config {
  const valueTags = Object.fromEntries(
    richTextValueTags.map((tag): [string, Schema] => [
      tag,
      {
        selfClosing: true,
        attributes: { name: { type: String, required: true } },
        transform(node) {
          const name = node.attributes.name;
          const value = typeof name === "string" ? state.values[tag]?.[name] : undefined;
          // A value the page does not have renders as nothing; saving checks the names
          // (parseRichText's `values`), so this only happens when a value is withdrawn later.
          return typeof value === "string" ? value : "";
        },
      },
    ]),
  );
  return {
    variables: {},
    nodes: {
      // The page gives the body its container (an article, an FAQ answer).
      document: passThrough,
      heading: {
        children: ["inline"],
        attributes: { level: { type: Number, required: true, render: false } },
        transform(node, config) {
          // The page's title is the h1: a body's headings are levels 2 to 4.
          const level = Math.min(4, Math.max(2, Number(node.attributes.level) || 2));
          const children = transformChildren(node, config);
          return new Markdoc.Tag(`h${level}`, { id: headingId(renderedText(children).trim(), state) }, children);
        },
      },
      paragraph: {
        transform(node, config) {
          // A tag opened inside a paragraph and never closed cuts it in two: keep one paragraph.
          const children = transformChildren(node, config).flatMap((child) => (Markdoc.Tag.isTag(child) && child.name === "p" ? child.children : [child]));
          // A picture on its own line is a block of its own, not inside a paragraph.
          const content = children.filter((child) => !(typeof child === "string" && child.trim() === ""));
          if (content.length > 0 && content.every((child) => Markdoc.Tag.isTag(child) && child.name === "img")) return content;
          return new Markdoc.Tag("p", {}, children);
        },
      },
      list: {
        transform(node, config) {
          const ordered = node.attributes.ordered === true;
          const start = Number(node.attributes.start);
          const attributes = ordered && Number.isInteger(start) && start > 1 ? { start } : {};
          return new Markdoc.Tag(ordered ? "ol" : "ul", attributes, transformChildren(node, config));
        },
      },
      item: { transform: (node, config) => new Markdoc.Tag("li", {}, transformChildren(node, config)) },
      blockquote: { transform: (node, config) => new Markdoc.Tag("blockquote", {}, transformChildren(node, config)) },
      strong: { transform: (node, config) => new Markdoc.Tag("strong", {}, transformChildren(node, config)) },
      em: { transform: (node, config) => new Markdoc.Tag("em", {}, transformChildren(node, config)) },
      s: passThrough,
      link: {
        transform(node, config) {
          const children = transformChildren(node, config);
          const href = node.attributes.href;
          return typeof href === "string" && isAllowedHref(href) ? new Markdoc.Tag("a", { href }, children) : children;
        },
      },
      image: {
        transform(node) {
          const { src, alt } = node.attributes;
          if (typeof src !== "string" || !isAllowedImageSrc(src) || typeof alt !== "string" || alt.trim() === "") return [];
          const size = state.options.imageSize?.(src);
          const known = size && Number.isInteger(size.width) && Number.isInteger(size.height) && size.width > 0 && size.height > 0;
          return new Markdoc.Tag("img", known ? { src, alt: alt.trim(), width: size.width, height: size.height } : { src, alt: alt.trim() }, []);
        },
      },
      // Code is not part of a body: its characters show as plain text.
      code: { transform: (node) => (typeof node.attributes.content === "string" ? node.attributes.content : "") },
      fence: { transform: (node) => new Markdoc.Tag("p", {}, typeof node.attributes.content === "string" ? [node.attributes.content] : []) },
      hr: { transform: () => new Markdoc.Tag("hr", {}, []) },
      hardbreak: { transform: () => new Markdoc.Tag("br", {}, []) },
      softbreak: { transform: () => " " },
      // Tables are refused on save; one that is stored anyway reads as a paragraph per row.
      table: passThrough,
      thead: passThrough,
      tbody: passThrough,
      tr: { transform: (node, config) => new Markdoc.Tag("p", {}, transformChildren(node, config)) },
      th: { transform: (node, config) => [...transformChildren(node, config), " "] },
      td: { transform: (node, config) => [...transformChildren(node, config), " "] },
      error: nothing,
    },
    tags: {
      [BOOK_DEMO_TAG]: {
        selfClosing: true,
        attributes: { label: { type: String } },
        transform(node) {
          const label = node.attributes.label;
          return new Markdoc.Tag("BookDemo", typeof label === "string" && label.trim() !== "" ? { label: label.trim() } : {}, []);
        },
      },
      ...valueTags,
      // Markdoc's own tags, which a body does not use: conditions show what they hold, the rest
      // nothing (a partial would read a file, a slot has no place here).
      if: passThrough,
      else: nothing,
      partial: nothing,
      slot: nothing,
      table: passThrough,
    },
  };
}

/**
 * Markdoc's output as plain JSON of the vocabulary in rich-text-rules.ts: an element of another
 * name gives its children, an attribute not in the list is dropped, addresses are checked again.
 */
function toTree(node: RenderableTreeNode | undefined | RenderableTreeNode[]): RichTextNode[] {
  if (Array.isArray(node)) return node.flatMap(toTree);
  if (typeof node === "string") return node === "" ? [] : [node];
  if (!Markdoc.Tag.isTag(node)) return [];
  const children = node.children.flatMap(toTree);
  if (!isRichTextElementName(node.name)) return children;
  const attributes: Record<string, string | number> = {};
  const allowed: readonly string[] = richTextElementAttributes[node.name];
  for (const name of allowed) {
    const value: unknown = node.attributes[name];
    if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) attributes[name] = value;
  }
  if (node.name === "a" && !isAllowedHref(String(attributes.href ?? ""))) return children;
  if (node.name === "img" && !isAllowedImageSrc(String(attributes.src ?? ""))) return [];
  return [{ $$mdtype: "Tag", name: node.name, attributes, children }];
}

/** What stays readable when a stored body is too big to parse safely: its lines as paragraphs. */
function asPlainParagraphs(source: string): RichTextTree {
  return source
    .slice(0, RICH_TEXT_MAX_LENGTH)
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({ $$mdtype: "Tag", name: "p", attributes: {}, children: [block] }));
}

/**
 * The renderable tree of a body, with its value tags filled in from `values`. Never throws: a
 * body that was never checked renders what is safe of it (a bad link as its text, a bad image
 * not at all); one too big to parse renders as plain paragraphs.
 */
export function toRenderable(source: string, values: RichTextValues = {}, options: RenderOptions = {}): RichTextTree {
  if (sizeErrors(source).some((error) => error.line === null)) return asPlainParagraphs(source);
  const state: RenderState = { values, options, headingIds: new Map() };
  return toTree(Markdoc.transform(parse(source), configFor(state)));
}

/** The words of a body, without markup (summaries, reading time, search). */
export function plainText(source: string, values: RichTextValues = {}): string {
  return textOf(toRenderable(source, values));
}

const markdocMessages: Partial<Record<string, (node: Node) => string>> = {
  "missing-closing": (node) => `{% ${node.tag} %} is never closed; a block on its own is written {% ${node.tag} /%}.`,
  "missing-opening": (node) => `{% /${node.tag} %} closes something that was never opened.`,
  "duplicate-attribute": (node) => `{% ${node.tag} %} gives the same setting twice.`,
};

function describeAttributeProblem(tag: string, name: string): string {
  return `{% ${tag} %} has no setting "${name}".`;
}

/** The problems of one node, as sentences without their line. */
function nodeProblems(node: Node, names: RichTextValueNames | undefined): string[] {
  const problems: string[] = [];
  if (node.type === "error") {
    for (const error of node.errors) problems.push(`This {% … %} cannot be read: ${error.message}`);
    return problems;
  }
  for (const error of node.errors) {
    const describe = markdocMessages[error.id];
    if (node.type === "tag") problems.push(describe ? describe(node) : error.message);
    // A paragraph cut in two by a tag opened inside it and never closed.
    else if (describe) problems.push("A {% … %} on this line is opened and never closed; a block or value on its own ends in /%}.");
  }
  // A tag's own settings are annotations too; on any other node they are `{% .class #id %}`.
  if (node.type !== "tag" && node.annotations.length > 0) problems.push("Classes, ids and settings written as {% … %} after a paragraph or heading are not supported.");
  if (node.type === "text" && typeof node.attributes.content !== "string") {
    problems.push(`Variables and functions ({% $name %}) are not supported; the values a text can show are ${valueTagList}.`);
  }
  if (node.type === "link") {
    const href = node.attributes.href;
    if (typeof href !== "string" || !isAllowedHref(href)) {
      problems.push(`The link to "${String(href)}" cannot be kept: a link goes to an https:, http:, mailto: or tel: address, or to a page of this site (starting with /).`);
    }
  }
  if (node.type === "image") {
    const { src, alt } = node.attributes;
    if (typeof src !== "string" || !isAllowedImageSrc(src)) problems.push(`The image "${String(src)}" is not from the media library (/media/…); upload it there and insert it again.`);
    if (typeof alt !== "string" || alt.trim() === "") problems.push(`The image "${String(src)}" needs alt text: a short description of what it shows.`);
  }
  if (node.type === "table") problems.push("Tables are not supported; use a list.");
  if (node.type !== "tag" || !node.tag) return problems;

  const tag = node.tag;
  const attributes = Object.entries(node.attributes);
  for (const [, value] of attributes) {
    if (typeof value !== "string") {
      problems.push(`{% ${tag} %} settings are written in quotes, like label="Book your demo".`);
      return problems;
    }
  }
  const unclosed = node.errors.some((error) => error.id === "missing-closing");
  if ((tag === BOOK_DEMO_TAG || isValueTag(tag)) && node.children.length > 0 && !unclosed) {
    problems.push(`{% ${tag} %} holds nothing: write it on its own, ending in /%}.`);
  }
  if (tag === BOOK_DEMO_TAG) {
    if (node.inline) problems.push(`{% ${tag} /%} is a block: put it on a line of its own.`);
    for (const [name, value] of attributes) {
      if (name !== "label") problems.push(describeAttributeProblem(tag, name));
      else if (/[\r\n]/.test(value) || value.trim().length > BOOK_DEMO_LABEL_MAX_LENGTH || value.trim() === "") {
        problems.push(`The label of {% ${tag} /%} is one line of 1 to ${BOOK_DEMO_LABEL_MAX_LENGTH} characters.`);
      }
    }
  } else if (isValueTag(tag)) {
    const name = node.attributes.name;
    for (const [attribute] of attributes) if (attribute !== "name") problems.push(describeAttributeProblem(tag, attribute));
    if (typeof name !== "string") problems.push(`{% ${tag} %} needs the name of the value, like {% ${tag} name="monthly" /%}.`);
    else if (!VALUE_NAME_PATTERN.test(name)) problems.push(`"${name}" is not a ${tag} name: names are lower-case letters, digits and hyphens.`);
    else {
      const known = names?.[tag];
      if (known && !known.includes(name)) {
        problems.push(`There is no ${tag} called "${name}"; the ${tag}s are ${known.map((each) => `"${each}"`).join(", ")}.`);
      }
    }
  } else {
    problems.push(`{% ${tag} %} is not something a text can hold; the blocks and values it can hold are ${allowedTagList}.`);
  }
  return problems;
}

/**
 * Checks a body before it is stored: size, hidden characters, tag syntax, the tags and settings of
 * the schema, link and image addresses, alt text. With `values`, the names of value tags are
 * checked against the values the page will supply. Never throws.
 */
export function parseRichText(source: string, { values }: { values?: RichTextValueNames } = {}): RichTextCheck {
  if (typeof source !== "string") return { ok: false, errors: [{ line: null, message: "The text is missing." }] };
  const early = sizeErrors(source);
  if (early.length > 0) return { ok: false, errors: early };

  const errors: RichTextError[] = [];
  const seen = new Set<string>();
  const ast = parse(source);
  for (const node of ast.walk()) {
    for (const message of nodeProblems(node, values)) {
      const line = node.lines[0] ?? null;
      const key = `${line}:${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({ line, message: line === null ? message : `Line ${line}: ${message}` });
    }
  }
  return { ok: errors.length === 0, errors };
}
