import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ctaLabels, reassurance } from "~/content/calls-to-action";
import { BOOKING_DIALOG_ID } from "~/components/marketing/book-demo-button";
import { toRenderable } from "@shared/content/rich-text";
import type { RichTextTree } from "@shared/content/rich-text-rules";
import { classConflicts } from "../../../tests/support/class-conflicts";
import { RichText } from "./rich-text";

/** The markup a page serves for a stored body: the server's tree, sent as JSON, drawn by RichText. */
function render(source: string, values?: Parameters<typeof toRenderable>[1], options?: Parameters<typeof toRenderable>[2]): string {
  const overTheWire: RichTextTree = JSON.parse(JSON.stringify(toRenderable(source, values, options)));
  return renderToStaticMarkup(<RichText tree={overTheWire} />);
}

/** The opening tags of the markup (text is escaped, so a "<" in it never starts one). */
const openingTags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

/** What a browser would run or load from the markup: none may be there. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<(object|embed|style|link|meta|form|math)\b/i);
  for (const tag of openingTags(html)) {
    expect(tag).not.toMatch(/\son\w+=/i);
    expect(tag).not.toMatch(/\s(href|src)="\s*(javascript|data|vbscript):/i);
    expect(tag).not.toMatch(/\s(href|src)="[^"]*(javascript|vbscript):/i);
  }
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

describe("a stored body rendered on the server", () => {
  it("renders each part of the schema as its element, with the site's typography for reading", () => {
    const html = render(
      [
        "# Why answer every call",
        "Most missed calls are **new customers** we *never* hear from: [book one](https://example.com/book) or [call us](tel:+15550100).",
        "- Answers in two rings\n- Books into your calendar",
        "3. Third\n4. Fourth",
        "> It paid for itself in a week.",
        "![The call summary](/media/summary.webp)",
        "---",
      ].join("\n\n"),
    );
    expect(html).toMatch(/^<div class="[^"]*\bmax-w-\[65ch\][^"]*\btext-lg\b[^"]*\bleading-8\b/);
    expect(html).toContain('<h2 id="section-why-answer-every-call"');
    expect(html).toMatch(/<strong class="font-semibold">new customers<\/strong>/);
    expect(html).toContain("<em>never</em>");
    expect(html).toMatch(/<a href="https:\/\/example.com\/book" class="[^"]*">book one<\/a>/);
    expect(html).toMatch(/<a href="tel:\+15550100"/);
    expect(html).toMatch(/<ul class="[^"]*list-disc[^"]*"><li class="pl-1">Answers in two rings<\/li>/);
    expect(html).toMatch(/<ol start="3" class="[^"]*list-decimal/);
    expect(html).toMatch(/<blockquote class="[^"]*"><p class="[^"]*">It paid for itself in a week.<\/p><\/blockquote>/);
    expect(html).toContain("<hr");
    expect(classConflicts([...html.matchAll(/class="([^"]*)"/g)].map((match) => match[1]!))).toEqual([]);
  });

  it("shows an image in a reserved box, lazily, with the document's alt text; with its size when known", () => {
    const unsized = render("![The call summary](/media/summary.webp)");
    expect(unsized).toMatch(/<img src="\/media\/summary.webp" alt="The call summary" width="1600" height="900" loading="lazy" decoding="async" class="[^"]*aspect-video[^"]*object-contain/);
    const sized = render("![The call summary](/media/summary.webp)", {}, { imageSize: (src) => (src === "/media/summary.webp" ? { width: 1200, height: 800 } : undefined) });
    expect(sized).toMatch(/<img src="\/media\/summary.webp" alt="The call summary" width="1200" height="800" loading="lazy"/);
  });

  it("renders the book-demo block as the site's Book demo button, which opens the page's booking dialog by itself", () => {
    const html = render('{% book-demo /%}\n\n{% book-demo label="See it on your calls" /%}');
    const buttons = [...html.matchAll(/<button[^>]*>.*?<\/button>/g)].map((match) => match[0]);
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      expect(button).toContain(`commandfor="${BOOKING_DIALOG_ID}"`);
      expect(button).toContain('command="show-modal"');
      expect(button).toContain('type="button"');
    }
    expect(text(buttons[0]!)).toBe(ctaLabels.bookDemo);
    expect(text(buttons[1]!)).toBe("See it on your calls");
    expect(text(html)).toContain(reassurance.bookDemo);
    // Spans all through, so the block stays valid markup wherever it lands (even inside a paragraph).
    expect(openingTags(html).slice(1).filter((tag) => /^<(div|p)\b/.test(tag))).toEqual([]);
  });

  it("fills a price tag from the values the page gives", () => {
    expect(text(render('The plan is {% price name="monthly" /%} a month.', { price: { monthly: "$49" } }))).toBe("The plan is $49 a month.");
  });
});

describe("a hostile body renders inert", () => {
  const cases: [string, string, string][] = [
    ["a script element", "<script>alert(1)</script>", "<script>alert(1)</script>"],
    ["a javascript: link", "[click](javascript:alert(1))", "[click](javascript:alert(1))"],
    ["a javascript: link in odd casing", "[click](JaVaScRiPt:alert(1))", "[click](JaVaScRiPt:alert(1))"],
    ["a javascript: link behind a space", "[click]( javascript:alert(1))", "[click]( javascript:alert(1))"],
    ["a javascript: link written with an entity", "[click](java&#x73;cript:alert(1))", "[click](javascript:alert(1))"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))", "[click](vbscript:msgbox(1))"],
    ["an image with an event attribute", '<img src=x onerror="alert(1)">', '<img src=x onerror="alert(1)">'],
    ["an element with an event attribute", '<a href="https://example.com" onclick="alert(1)">x</a>', '<a href="https://example.com" onclick="alert(1)">x</a>'],
    ["an iframe", '<iframe src="https://evil.example/"></iframe>', '<iframe src="https://evil.example/"></iframe>'],
    ["an unknown tag", "{% script %}alert(1){% /script %}", "alert(1)"],
    ["an image from another site", "Look: ![pixel](https://evil.example/pixel.gif)", "Look:"],
    ["a data: image", "Look: ![pixel](data:image/svg+xml;base64,PHN2Zy8+)", "Look:"],
    ["an annotation taking the booking dialog's id", "## Book {% #booking-dialog .hidden %}", "Book"],
  ];

  for (const [name, source, visible] of cases) {
    it(`${name}: nothing runs or loads, and the text still shows`, () => {
      const html = render(source);
      expectInert(html);
      expect(text(html)).toContain(visible);
      expect(html).not.toContain(`id="${BOOKING_DIALOG_ID}"`);
      expect(html).not.toContain("hidden");
    });
  }

  it("keeps a link out of an outside image and a refused link, but keeps the allowed ones beside them", () => {
    const html = render("[ok](https://example.com) [bad](javascript:alert(1)) ![ok](/media/a.webp) ![bad](https://evil.example/a.png)");
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html.match(/<img /g)).toHaveLength(1);
  });
});

describe("a tampered tree (from a cache or the network) renders inert", () => {
  it("draws only known elements and their own attributes, checks addresses again, and never takes a page id", () => {
    const tree = JSON.parse(
      JSON.stringify([
        { $$mdtype: "Tag", name: "script", attributes: {}, children: ["alert(1)"] },
        { $$mdtype: "Tag", name: "iframe", attributes: { src: "https://evil.example" }, children: [] },
        { $$mdtype: "Tag", name: "p", attributes: { onclick: "alert(1)", class: "hidden", style: "display:none" }, children: ["Hello"] },
        { $$mdtype: "Tag", name: "a", attributes: { href: "javascript:alert(1)" }, children: ["link text"] },
        { $$mdtype: "Tag", name: "a", attributes: { href: "\u0001javascript:alert(1)" }, children: ["second link"] },
        { $$mdtype: "Tag", name: "img", attributes: { src: "https://evil.example/p.gif", alt: "pixel", onerror: "alert(1)" }, children: [] },
        { $$mdtype: "Tag", name: "h2", attributes: { id: "booking-dialog" }, children: ["Heading"] },
        { $$mdtype: "Tag", name: "constructor", attributes: {}, children: ["proto"] },
        { $$mdtype: "Other", name: "p", attributes: {}, children: ["not a tag"] },
        { name: "p", children: ["no type"] },
        42,
        null,
        ["nested"],
      ]),
    );
    const html = renderToStaticMarkup(<RichText tree={tree} />);
    expectInert(html);
    expect(html).not.toMatch(/class="hidden"|style=/);
    expect(html).not.toContain('id="booking-dialog"');
    expect(text(html)).toContain("alert(1)");
    expect(text(html)).toContain("Hello");
    expect(text(html)).toContain("link text");
    expect(text(html)).toContain("proto");
    expect(text(html)).not.toContain("not a tag");
    expect(html).not.toMatch(/<img/);
  });
});
