import { Extension, Mark, Node, mergeAttributes, type AnyExtension, type Editor, type JSONContent, type MarkdownToken } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Markdown } from "@tiptap/markdown";
import { ctaLabels } from "~/content/calls-to-action";
import {
  BOOK_DEMO_LABEL_MAX_LENGTH,
  BOOK_DEMO_TAG,
  VALUE_NAME_PATTERN,
  isAllowedHref,
  isAllowedImageSrc,
  isValueTag,
  richTextValueTags,
} from "@shared/content/rich-text-rules";

/**
 * The editor's schema and its Markdown, kept to what a body can hold (docs/decisions/0901): the
 * TipTap side of shared/content/rich-text.ts. TipTap reads and writes Markdown with marked; the
 * site renders it with Markdoc (markdown-it). Where the two read Markdown differently, this file
 * makes the editor read it the way Markdoc does and write what Markdoc reads back the same:
 *
 * - no HTML: Markdoc shows `<b>` as text, so marked must too (it would make it bold, or drop a
 *   `<script>`);
 * - no bare-URL links, no setext headings, no indented code: Markdoc has none of them;
 * - code shows as its text (Markdoc renders code as plain text; TipTap would drop it);
 * - typed text that would read as Markdown or as a Markdoc tag is escaped (a paragraph that
 *   starts "2024. " is not a list, a typed "{% x %}" is not a tag);
 * - links and images keep only the addresses the site renders (shared isAllowedHref /
 *   isAllowedImageSrc), whether they are pasted, typed, loaded or inserted;
 * - headings are levels 2 to 4 (the page's title is the h1);
 * - the "Book demo" block and the value tags are nodes of their own, written as Markdoc tags.
 */

/** Marks the `{%` that our own nodes write, so that every other one is escaped (`toMarkdocSource`). */
const OWN_TAG = "\uE010";

const clampLevel = (level: unknown) => Math.min(4, Math.max(2, Number(level) || 2));

/** A Markdoc string attribute: backslash and quote escaped (the label is one line). */
const quote = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
const unquote = (value: string) => value.replace(/\\(["\\nrt])/g, (_, escaped: string) => ({ n: " ", r: " ", t: " " })[escaped] ?? escaped);

/** A book-demo label as stored: one line, trimmed, within the length; empty means the default. */
export function bookDemoLabel(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const label = value.replace(/\s+/g, " ").trim();
  return label === "" || label === ctaLabels.bookDemo ? null : label.slice(0, BOOK_DEMO_LABEL_MAX_LENGTH);
}

/**
 * Backslash-escapes what would start a block at the beginning of a line of a paragraph: "# " (a
 * heading), "- " or "+ " (a list), "2024. " (a numbered list), "---" (a rule), "|" (a table).
 * TipTap escapes the inline characters (`*`, `_`, `[`) itself.
 */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/^(\s*)(#{1,6})(?=\s|$)/, "$1\\$2")
        .replace(/^(\s*)([-+])(?=\s|$)/, "$1\\$2")
        .replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, "$1$2\\$3")
        .replace(/^(\s*)-(?=(?:\s*-){2,}\s*$)/, "$1\\-")
        .replace(/^(\s*)\|/, "$1\\|"),
    )
    .join("\n");
}

/** StarterKit's own extensions, changed where their Markdown or HTML differs from the site's. */
function adaptStarterKit(extension: AnyExtension): AnyExtension {
  if (extension.name === "paragraph" && extension instanceof Node) {
    return extension.extend({
      renderMarkdown(node, helpers, context) {
        return escapeLineStarts(this.parent?.(node, helpers, context) ?? "");
      },
    });
  }
  if (extension.name === "heading" && extension instanceof Node) {
    return extension.extend({
      // A pasted h1 is the body's first level (h2), an h5 or h6 its last (h4).
      parseHTML() {
        return [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: clampLevel(level) } }));
      },
      parseMarkdown(token, helpers) {
        return helpers.createNode("heading", { level: clampLevel(token.depth) }, helpers.parseInline(token.tokens ?? []));
      },
    });
  }
  if (extension.name === "link" && extension instanceof Mark) {
    return extension.extend({
      addAttributes() {
        // No title: it would need quoting in Markdown and the site does not render it.
        return { ...this.parent?.(), title: { default: null, parseHTML: () => null, renderHTML: () => ({}) } };
      },
      parseMarkdown(token, helpers) {
        const content = helpers.parseInline(token.tokens ?? []);
        return typeof token.href === "string" && isAllowedHref(token.href) ? helpers.applyMark("link", content, { href: token.href }) : content;
      },
      renderMarkdown(node, helpers) {
        const href = typeof node.attrs?.href === "string" ? node.attrs.href : "";
        const text = helpers.renderChildren(node);
        return isAllowedHref(href) ? `[${text}](${href.replace(/[()<>]/g, (c) => encodeURIComponent(c))})` : text;
      },
    });
  }
  return extension;
}

/** The basics, without what a body cannot hold (code, strikethrough, underline). */
const RichTextKit = StarterKit.extend({
  addExtensions() {
    return (this.parent?.() ?? []).map(adaptStarterKit);
  },
}).configure({
  heading: { levels: [2, 3, 4] },
  code: false,
  codeBlock: false,
  strike: false,
  underline: false,
  link: {
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: "https",
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => isAllowedHref(url),
    shouldAutoLink: (url) => isAllowedHref(url),
  },
});

/** Images of our media library only, inline like Markdown's, with their alt text. */
const RichTextImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) => (isAllowedImageSrc(element.getAttribute("src") ?? "") ? null : false),
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const src = typeof node.attrs.src === "string" && isAllowedImageSrc(node.attrs.src) ? node.attrs.src : "";
    return ["img", mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, { src })];
  },
  // Typing ![alt](address) would insert any address.
  addInputRules() {
    return [];
  },
  parseMarkdown(token, helpers) {
    const alt = typeof token.text === "string" ? token.text : "";
    if (typeof token.href !== "string" || !isAllowedImageSrc(token.href)) return alt ? helpers.createTextNode(alt) : [];
    return helpers.createNode("image", { src: token.href, alt });
  },
  renderMarkdown(node) {
    const src = typeof node.attrs?.src === "string" ? node.attrs.src : "";
    const alt = typeof node.attrs?.alt === "string" ? node.attrs.alt.replace(/\s+/g, " ").trim() : "";
    return `![${alt.replace(/([\\[\]])/g, "\\$1")}](${src})`;
  },
}).configure({ inline: true, allowBase64: false, HTMLAttributes: { class: "inline-block max-h-72 rounded-md" } });

const bookDemoPattern = new RegExp(`^ {0,3}\\{%\\s*${BOOK_DEMO_TAG}(?:\\s+label="((?:[^"\\\\\\n]|\\\\.)*)")?\\s*\\/%\\}[ \\t]*(?:\\n+|$)`);

/** The "Book demo" call-to-action block, `{% book-demo /%}` in the source. */
export const BookDemoBlock = Node.create({
  name: "bookDemo",
  group: "block",
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      label: {
        default: null,
        parseHTML: (element) => bookDemoLabel(element.getAttribute("data-label")),
        renderHTML: (attributes) => (typeof attributes.label === "string" ? { "data-label": attributes.label } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: "div[data-book-demo]" }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const label = typeof node.attrs.label === "string" ? node.attrs.label : ctaLabels.bookDemo;
    return [
      "div",
      mergeAttributes(HTMLAttributes, {
        "data-book-demo": "",
        class: "my-4 flex flex-col items-center gap-1 rounded-lg border border-border bg-primary-soft px-4 py-5 text-center",
      }),
      ["span", { class: "text-xs font-semibold uppercase tracking-wide text-muted-foreground" }, "Call to action"],
      ["span", { class: "rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground" }, label],
    ];
  },

  renderText({ node }) {
    return typeof node.attrs.label === "string" ? node.attrs.label : ctaLabels.bookDemo;
  },

  markdownTokenName: "bookDemo",
  markdownTokenizer: {
    name: "bookDemo",
    level: "block",
    start: (src: string) => {
      const found = /(^|\n) {0,3}\{%/.exec(src);
      return found ? found.index + found[1].length : -1;
    },
    tokenize: (src: string): MarkdownToken | undefined => {
      const found = bookDemoPattern.exec(src);
      if (!found) return undefined;
      return { type: "bookDemo", raw: found[0], label: found[1] === undefined ? null : bookDemoLabel(unquote(found[1])) };
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode("bookDemo", { label: bookDemoLabel(token.label) }),
  renderMarkdown: (node: JSONContent) => {
    const label = bookDemoLabel(node.attrs?.label);
    return `${OWN_TAG}{% ${BOOK_DEMO_TAG}${label ? ` label="${quote(label)}"` : ""} /%}`;
  },
});

const valuePattern = new RegExp(`^\\{%\\s*(${richTextValueTags.join("|")})\\s+name="([^"\\\\\\n]*)"\\s*\\/%\\}`);

/**
 * A value the page fills in (`{% price name="monthly" /%}`): kept as one piece, shown as a chip
 * with its name, so editing an FAQ answer never breaks one.
 */
export const ValueTag = Node.create({
  name: "richTextValue",
  group: "inline",
  inline: true,
  atom: true,

  addAttributes() {
    return {
      kind: { default: "price", parseHTML: (element) => element.getAttribute("data-value-tag") },
      name: { default: "", parseHTML: (element) => element.getAttribute("data-name") },
    };
  },

  parseHTML() {
    return [
      {
        tag: "span[data-value-tag]",
        getAttrs: (element) => {
          const kind = element.getAttribute("data-value-tag") ?? "";
          const name = element.getAttribute("data-name") ?? "";
          return isValueTag(kind) && VALUE_NAME_PATTERN.test(name) ? null : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    return [
      "span",
      { "data-value-tag": node.attrs.kind, "data-name": node.attrs.name, class: "rounded bg-muted px-1.5 py-0.5 text-sm font-medium" },
      `${node.attrs.kind}: ${node.attrs.name}`,
    ];
  },

  renderText({ node }) {
    return `{${node.attrs.kind}: ${node.attrs.name}}`;
  },

  markdownTokenName: "richTextValue",
  markdownTokenizer: {
    name: "richTextValue",
    level: "inline",
    start: (src: string) => src.indexOf("{%"),
    tokenize: (src: string): MarkdownToken | undefined => {
      const found = valuePattern.exec(src);
      if (!found || !VALUE_NAME_PATTERN.test(found[2])) return undefined;
      return { type: "richTextValue", raw: found[0], kind: found[1], name: found[2] };
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode("richTextValue", { kind: token.kind, name: token.name }),
  renderMarkdown: (node: JSONContent) => `${OWN_TAG}{% ${String(node.attrs?.kind)} name="${quote(String(node.attrs?.name))}" /%}`,
});

/** Inline code reads as its text, as Markdoc renders it. */
const CodeSpanAsText = Extension.create({
  name: "codeSpanAsText",
  markdownTokenName: "codespan",
  parseMarkdown: (token, helpers) => (typeof token.text === "string" && token.text !== "" ? helpers.createTextNode(token.text) : []),
});

/** A code block reads as a paragraph of its text, as Markdoc renders it. */
const CodeBlockAsText = Extension.create({
  name: "codeBlockAsText",
  markdownTokenName: "code",
  parseMarkdown: (token, helpers) =>
    typeof token.text === "string" && token.text.trim() !== "" ? helpers.createNode("paragraph", undefined, [helpers.createTextNode(token.text)]) : [],
});

/** The marked instances already told to read Markdown as Markdoc does. */
const adjusted = new WeakSet<object>();

/**
 * Makes marked read Markdown the way Markdoc does: no HTML (block or inline: it is text), no bare
 * URL links, no setext headings, no indented code. Runs before the Markdown extension parses the
 * first content (higher priority), on the marked instance that extension uses.
 */
const MarkdocReading = Extension.create({
  name: "markdocReading",
  priority: 1000,
  onBeforeCreate() {
    const marked = this.editor.storage.markdown?.manager.instance;
    if (!marked || adjusted.has(marked)) return;
    adjusted.add(marked);
    marked.use({
      tokenizer: {
        html: () => undefined,
        tag: () => undefined,
        url: () => undefined,
        lheading: () => undefined,
        code: () => undefined,
      },
    });
  },
});

/** Every extension of the rich-text editor (the test parses pasted HTML with the same schema). */
export function richTextExtensions(): AnyExtension[] {
  return [MarkdocReading, RichTextKit, RichTextImage, BookDemoBlock, ValueTag, CodeSpanAsText, CodeBlockAsText, Markdown];
}

/**
 * The editor's document as Markdoc source: TipTap's Markdown, with every `{%` that is not one of
 * our own tags escaped (typed text stays text), and no trailing space.
 */
export function toMarkdocSource(editor: Editor): string {
  const markdown = editor.getMarkdown();
  return markdown
    .replace(new RegExp(`(?<!${OWN_TAG})\\{%`, "g"), "\\{%")
    .replaceAll(OWN_TAG, "")
    .replace(/\s+$/, "");
}
