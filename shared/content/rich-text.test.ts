import { describe, expect, it } from "vitest";
import { parseRichText, plainText, toRenderable } from "./rich-text";
import {
  RICH_TEXT_MAX_LENGTH,
  RICH_TEXT_MAX_TAGS,
  headingsOf,
  isAllowedHref,
  isAllowedImageSrc,
  isRichTextElement,
  type RichTextNode,
  type RichTextTree,
} from "./rich-text-rules";

/** Every element of a tree, depth first. */
function elements(tree: RichTextTree): { name: string; attributes: Record<string, string | number> }[] {
  const found: { name: string; attributes: Record<string, string | number> }[] = [];
  const walk = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (isRichTextElement(node)) {
        found.push({ name: node.name, attributes: node.attributes });
        walk(node.children);
      }
    }
  };
  walk(tree);
  return found;
}

const messages = (source: string, values?: Parameters<typeof parseRichText>[1]) => parseRichText(source, values).errors.map((error) => error.message);

const post = [
  "# Why answer every call",
  "",
  "Most missed calls are **new customers**. Our agents answer *every* one, [book the visit](https://example.com/book) and hand over to [our team](/contact).",
  "",
  "## What it does",
  "",
  "- Answers in two rings",
  "- Books into your calendar",
  "",
  "1. Connect your number",
  "2. Pick your hours",
  "",
  "> It paid for itself in a week.",
  "",
  "![The call summary screen](/media/2026/call-summary.webp)",
  "",
  '{% book-demo label="See it on your calls" /%}',
  "",
  "---",
  "",
  'The plan costs {% price name="monthly" /%} a month.',
].join("\n");

describe("a rich-text body (Markdoc through a fixed schema)", () => {
  it("accepts a post written with every part of the schema, and renders each part as its element", () => {
    expect(parseRichText(post, { values: { price: ["monthly", "annual"] } })).toEqual({ ok: true, errors: [] });
    const tree = toRenderable(post, { price: { monthly: "$49" } });
    expect(elements(tree).map((element) => element.name)).toEqual([
      "h2", "p", "strong", "em", "a", "a",
      "h2", "ul", "li", "li", "ol", "li", "li",
      "blockquote", "p",
      "img", "BookDemo", "hr", "p",
    ]);
    const links = elements(tree).filter((element) => element.name === "a");
    expect(links.map((link) => link.attributes)).toEqual([{ href: "https://example.com/book" }, { href: "/contact" }]);
    expect(elements(tree).find((element) => element.name === "img")?.attributes).toEqual({ src: "/media/2026/call-summary.webp", alt: "The call summary screen" });
    expect(elements(tree).find((element) => element.name === "BookDemo")?.attributes).toEqual({ label: "See it on your calls" });
    expect(plainText(post, { price: { monthly: "$49" } })).toContain("The plan costs $49 a month.");
  });

  it("gives a tree that survives a JSON round trip unchanged (a loader sends it to the page)", () => {
    const tree = toRenderable(post, { price: { monthly: "$49" } });
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  it("makes a level-1 heading level 2 and a level-5 or 6 heading level 4 (the page's title is the h1)", () => {
    const tree = toRenderable("# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six");
    expect(elements(tree).map((element) => element.name)).toEqual(["h2", "h2", "h3", "h4", "h4", "h4"]);
  });

  it("gives headings unique ids behind a prefix, so a heading never takes an id the page uses", () => {
    const tree = toRenderable("## Booking dialog\n\n## Main\n\n## Main\n\n## Ça coûte combien ?");
    expect(headingsOf(tree)).toEqual([
      { level: 2, text: "Booking dialog", id: "section-booking-dialog" },
      { level: 2, text: "Main", id: "section-main" },
      { level: 2, text: "Main", id: "section-main-2" },
      { level: 2, text: "Ça coûte combien ?", id: "section-ca-coute-combien" },
    ]);
  });

  it("keeps a body whose first line is --- whole (Markdoc would read up to the next --- as front matter and drop it)", () => {
    const source = "---\n\nThe first paragraph.\n\n---\n\nThe last paragraph.";
    expect(plainText(source)).toBe("The first paragraph.\n\nThe last paragraph.");
    expect(elements(toRenderable(source)).map((element) => element.name)).toEqual(["hr", "p", "hr", "p"]);
  });

  it("shows code as plain text and a stored table as its text, never as markup", () => {
    const tree = toRenderable("Run `rm -rf /` now.\n\n```html\n<script>alert(1)</script>\n```");
    expect(elements(tree).map((element) => element.name)).toEqual(["p", "p"]);
    expect(plainText("Run `rm -rf /` now.")).toBe("Run rm -rf / now.");
    expect(plainText("```\n<script>alert(1)</script>\n```")).toBe("<script>alert(1)</script>");
  });

  it("fills value tags from the values given at render time, and renders an unknown one as nothing", () => {
    const source = 'Monthly {% price name="monthly" /%}, annual {% price name="annual" /%}.';
    expect(plainText(source, { price: { monthly: "$49", annual: "$39" } })).toBe("Monthly $49, annual $39.");
    expect(plainText(source, { price: { monthly: "$49" } })).toBe("Monthly $49, annual .");
  });

  it("reads plain text as blocks: a blank line between paragraphs, list items on lines of their own", () => {
    expect(plainText("## Title\n\nOne *two*  three.\n\n- a\n- b\n\n{% book-demo /%}\n\n![x](/media/a.webp)")).toBe("Title\n\nOne two three.\n\na\nb");
  });
});

describe("the addresses a body may use", () => {
  it("links to http(s), mailto, tel and this site's pages, and nothing else however it is written", () => {
    for (const href of ["https://example.com", "http://example.com/a?b=c#d", "mailto:sales@example.com", "tel:+15550100", "/pricing", "/", "/blog/post#section-x"]) {
      expect(isAllowedHref(href), href).toBe(true);
    }
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example",
      "/\\evil.example",
      "https://bank.example@evil.example",
      "ftp://example.com",
      "example.com",
      "",
    ]) {
      expect(isAllowedHref(href), JSON.stringify(href)).toBe(false);
    }
  });

  it("takes images from our media storage only", () => {
    expect(isAllowedImageSrc("/media/2026/a-b_c.webp")).toBe(true);
    for (const src of ["https://example.com/a.png", "//example.com/a.png", "/media/../admin", "/media/", "/uploads/a.png", "data:image/png;base64,AAAA", "/media/a b.png", "x"]) {
      expect(isAllowedImageSrc(src), src).toBe(false);
    }
  });
});

describe("checking a body before it is stored (the API answers 400 with these messages)", () => {
  it("names the line and the problem of each refused part, in words a marketer reads", () => {
    const source = [
      "Intro [a file](ftp://example.com/a).", // 1
      "", // 2
      "![](/media/a.webp)", // 3
      "", // 4
      "![A logo](https://example.com/logo.png)", // 5
      "", // 6
      "{% script %}alert(1){% /script %}", // 7
      "", // 8
      'Text {% book-demo label="Go" /%} inline.', // 9
      "", // 10
      '{% price name="weekly" /%}', // 11
      "", // 12
      "{% book-demo %}", // 13
      "", // 14
      "| a | b |\n| - | - |\n| 1 | 2 |", // 15-17
      "", // 18
      "A variable {% $secret %}.", // 19
    ].join("\n");
    expect(messages(source, { values: { price: ["monthly", "annual"] } })).toEqual([
      'Line 1: The link to "ftp://example.com/a" cannot be kept: a link goes to an https:, http:, mailto: or tel: address, or to a page of this site (starting with /).',
      'Line 3: The image "/media/a.webp" needs alt text: a short description of what it shows.',
      'Line 5: The image "https://example.com/logo.png" is not from the media library (/media/…); upload it there and insert it again.',
      'Line 7: {% script %} is not something a text can hold; the blocks and values it can hold are {% book-demo /%}, {% price name="…" /%} and {% term name="…" /%}.',
      "Line 9: {% book-demo /%} is a block: put it on a line of its own.",
      'Line 11: There is no price called "weekly"; the prices are "monthly", "annual".',
      "Line 13: {% book-demo %} is never closed; a block on its own is written {% book-demo /%}.",
      "Line 15: Tables are not supported; use a list.",
      'Line 19: Variables and functions ({% $name %}) are not supported; the values a text can show are {% price name="…" /%} and {% term name="…" /%}.',
    ]);
    expect(parseRichText(source).ok).toBe(false);
  });

  it("refuses a body over the length limit, and one with a control character PostgreSQL cannot store", () => {
    expect(messages("a".repeat(RICH_TEXT_MAX_LENGTH + 1))).toEqual([`The text is 200,001 characters long; the most it can be is 200,000.`]);
    expect(parseRichText("a".repeat(RICH_TEXT_MAX_LENGTH)).ok).toBe(true);
    expect(messages("Fine\n\nBro\u0000ken")).toEqual(["Line 3 holds a hidden control character; type that line again or paste it as plain text."]);
  });

  // markdown-it 12 inside Markdoc loops for ever on the 100th unclosed tag of a paragraph: the
  // check and the render must refuse such a body before the parser sees it, and still answer.
  it("answers at once, without parsing, for a body with more {% %} than a post holds", () => {
    const hostile = "{% a %}".repeat(RICH_TEXT_MAX_TAGS * 3);
    expect(messages(hostile)).toEqual([`The text holds ${RICH_TEXT_MAX_TAGS * 3} blocks and values written as {% … %}; the most it can hold is ${RICH_TEXT_MAX_TAGS}.`]);
    expect(toRenderable(hostile)).toEqual([{ $$mdtype: "Tag", name: "p", attributes: {}, children: [hostile] }]);
  });
});

describe("hostile bodies become inert trees", () => {
  const hostile = [
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x]( javascript:alert(1))",
    "[x](java&#x73;cript:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    '<img src=x onerror="alert(1)">',
    '<iframe src="https://evil.example/"></iframe>',
    "{% script %}alert(1){% /script %}",
    "![x](https://evil.example/pixel.gif)",
    "![x](data:image/png;base64,AAAA)",
    "{% #booking-dialog .hidden %}\n## Heading {% #main %}",
    '{% partial file="secrets.md" /%}',
    "{% debug($secret) %}",
  ].join("\n\n");
  const tree = toRenderable(hostile);

  it("holds only the schema's elements, links and images of allowed addresses, and no id it did not make", () => {
    for (const element of elements(tree)) {
      expect(["p", "h2", "a", "img"]).toContain(element.name);
      if (element.name === "a") expect(isAllowedHref(String(element.attributes.href))).toBe(true);
      if (element.name === "img") expect(isAllowedImageSrc(String(element.attributes.src))).toBe(true);
      expect(Object.keys(element.attributes)).not.toContain("class");
      if ("id" in element.attributes) expect(element.attributes.id).toMatch(/^section-/);
    }
    expect(elements(tree).filter((element) => element.name === "a" || element.name === "img")).toEqual([]);
  });

  it("keeps the text of what it refused, as text", () => {
    const text = plainText(hostile);
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain('<iframe src="https://evil.example/"></iframe>');
    expect(text).toContain("[x](javascript:alert(1))");
    expect(text).toContain("alert(1)");
  });

  it("refuses each of them on save", () => {
    for (const source of ["{% script %}x{% /script %}", "[x](ftp://x)", "![x](https://evil.example/a.png)", "![x](data:image/png;base64,AAAA)", "## Title {% #main %}", '{% partial file="a.md" /%}']) {
      expect(parseRichText(source).ok, source).toBe(false);
    }
    // Markdoc has no HTML: these are text, and text is allowed.
    expect(parseRichText("<script>alert(1)</script>").ok).toBe(true);
  });
});
