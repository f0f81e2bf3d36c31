// @vitest-environment happy-dom
// TipTap (ProseMirror) needs a DOM: happy-dom, for this file only. The paste below is a real
// `paste` event on the editable area carrying text/html, run through ProseMirror's own clipboard
// handling; a browser's clipboard and its HTML are still for the studio's browser test.
import * as React from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { actEnvironmentForThisFile } from "../../../../tests/support/react-act";
import { parseRichText, plainText } from "@shared/content/rich-text";
import { RichTextEditor, linkAddress, type PickedImage } from "./rich-text-editor";
import { richTextExtensions, toMarkdocSource } from "./rich-text-extensions";

actEnvironmentForThisFile();

let mounted: { root: Root; container: HTMLElement } | null = null;

afterEach(async () => {
  if (!mounted) return;
  const { root, container } = mounted;
  await act(async () => root.unmount());
  container.remove();
  mounted = null;
});

/** Mounts the editor as a page would, and returns its parts and every source it reported. */
async function mount({
  value = "",
  label = "Body",
  onPickImage,
  values,
}: { value?: string; label?: string; onPickImage?: () => Promise<PickedImage | null>; values?: { price?: Record<string, string>; term?: Record<string, string> } } = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  const onChange = vi.fn<(source: string) => void>();
  const rerender = async (props: { value?: string; error?: string } = {}) => {
    await act(async () => {
      root.render(<RichTextEditor label={label} value={props.value ?? value} error={props.error} onChange={onChange} onPickImage={onPickImage} values={values} />);
    });
  };
  await rerender();
  const area = container.querySelector<HTMLElement>('[role="textbox"]');
  if (!area) throw new Error("no editable area");
  const button = (name: string) => {
    const found = container.querySelector<HTMLButtonElement>(`[role="toolbar"] button[aria-label="${name}"]`);
    if (!found) throw new Error(`no ${name} button`);
    return found;
  };
  const lastSource = () => onChange.mock.calls.at(-1)?.[0] ?? "";
  return { container, area, button, onChange, lastSource, rerender };
}

async function press(element: HTMLElement) {
  await act(async () => element.click());
}

/** Types into a React-controlled field (sets the value the way React listens for, then Enter). */
async function fill(field: HTMLInputElement, value: string, { enter = true } = {}) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  if (enter) {
    await act(async () => {
      field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    });
  }
}

async function paste(area: HTMLElement, html: string) {
  const data = new DataTransfer();
  data.setData("text/html", html);
  data.setData("text/plain", html.replace(/<[^>]+>/g, ""));
  await act(async () => {
    area.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

describe("the rich-text editor's editable area and toolbar", () => {
  it("is a multi-line textbox named by its label (Body in the studio, Answer for FAQ)", async () => {
    for (const label of ["Body", "Answer"]) {
      const { container, area } = await mount({ label });
      expect(area.getAttribute("role")).toBe("textbox");
      expect(area.getAttribute("aria-multiline")).toBe("true");
      expect(area.getAttribute("contenteditable")).toBe("true");
      const labelledBy = area.getAttribute("aria-labelledby");
      expect(labelledBy && container.querySelector(`[id="${labelledBy}"]`)?.textContent).toBe(label);
      await act(async () => mounted?.root.unmount());
      mounted = null;
    }
  });

  it("ties the save's message to the area, and keeps it there while the marketer edits", async () => {
    const { container, area, rerender, lastSource } = await mount({ value: "Intro" });
    expect(area.getAttribute("aria-invalid")).toBe("false");
    await rerender({ value: "Intro", error: "Line 1: The link to \"ftp://x\" cannot be kept." });
    const describedBy = area.getAttribute("aria-describedby");
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy && container.querySelector(`[id="${describedBy}"]`)?.textContent).toMatch(/^Line 1: The link/);
    await paste(area, "<p>More</p>");
    await rerender({ value: lastSource(), error: "Line 1: The link to \"ftp://x\" cannot be kept." });
    expect(area.getAttribute("aria-invalid")).toBe("true");
    expect(area.getAttribute("aria-describedby")).toBe(describedBy);
    await rerender({ value: lastSource() });
    expect(area.getAttribute("aria-invalid")).toBe("false");
    expect(area.hasAttribute("aria-describedby")).toBe(false);
  });

  it("names every toolbar button, and moves between them with the arrow keys (one tab stop)", async () => {
    const { container, button } = await mount({ onPickImage: async () => null });
    const toolbar = container.querySelector<HTMLElement>('[role="toolbar"]');
    const buttons = [...container.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
    expect(toolbar?.getAttribute("aria-label")).toBe("Body formatting");
    expect(buttons.map((each) => each.getAttribute("aria-label"))).toEqual([
      "Heading 2",
      "Heading 3",
      "Bold",
      "Italic",
      "Bulleted list",
      "Numbered list",
      "Quote",
      "Link",
      "Image",
      "Book demo block",
    ]);
    expect(buttons.filter((each) => each.tabIndex === 0)).toEqual([button("Heading 2")]);
    await act(async () => button("Heading 2").focus());
    await act(async () => {
      toolbar?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    });
    expect(document.activeElement).toBe(button("Heading 3"));
    await act(async () => {
      toolbar?.dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
    });
    expect(document.activeElement).toBe(button("Book demo block"));
    expect(buttons.filter((each) => each.tabIndex === 0)).toEqual([button("Book demo block")]);
  });
});

describe("pasting from a word processor", () => {
  it("keeps headings, lists, links and bold, and drops scripts, event attributes and javascript: links", async () => {
    const { area, lastSource } = await mount();
    await paste(
      area,
      [
        '<meta charset="utf-8"><h2 style="color:red">Why answer every call</h2>',
        "<ul><li>Answers in two rings</li><li><strong>Books</strong> the visit</li></ul>",
        '<p>Read <a href="https://example.com/guide" onclick="alert(1)">the guide</a> or <a href="javascript:alert(1)">this</a>',
        ' or <a href=" JaVaScRiPt:alert(2)">that</a>.<script>alert(3)</script><img src="x" onerror="alert(4)"></p>',
      ].join(""),
    );
    const source = lastSource();
    expect(source).toContain("## Why answer every call");
    expect(source).toContain("- Answers in two rings");
    expect(source).toContain("- **Books** the visit");
    expect(source).toContain("[the guide](https://example.com/guide)");
    expect(source).toContain("Read [the guide](https://example.com/guide) or this or that.");
    expect(source).not.toMatch(/script|alert|javascript|onclick|onerror|<|!\[/i);
    expect(parseRichText(source)).toEqual({ ok: true, errors: [] });
  });

  it("reads the markup Google Docs and Word put on the clipboard (styled spans, wrappers, Office tags)", async () => {
    const { area, lastSource } = await mount();
    await paste(
      area,
      [
        '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><h2 dir="ltr"><span style="font-size:16pt;font-weight:400">Pricing</span></h2>',
        '<p dir="ltr"><span style="font-weight:700">Flat</span><span style="font-weight:400"> fee, </span><span style="font-style:italic">no</span><span> surprises.</span></p>',
        '<ul><li dir="ltr"><p dir="ltr"><span>Unlimited calls</span></p></li></ul></b>',
        '<p class="MsoNormal"><b>Word<o:p></o:p></b> <i>text</i><o:p></o:p></p>',
      ].join(""),
    );
    expect(lastSource()).toBe("## Pricing\n\n**Flat** fee, *no* surprises.\n\n- Unlimited calls\n\n**Word** *text*");
  });

  it("makes a pasted h1 the body's first heading level and keeps quotes, numbered lists and italics", async () => {
    const { area, lastSource } = await mount();
    await paste(area, "<h1>Title</h1><h5>Small</h5><blockquote><p>Quoted</p></blockquote><ol><li><em>First</em></li><li>Second</li></ol>");
    expect(lastSource()).toBe("## Title\n\n#### Small\n\n> Quoted\n\n1. *First*\n2. Second");
  });
});

describe("a page that keeps the source in its own state", () => {
  it("never takes back a keystroke that lands before the page's effects have run", async () => {
    // The studio's pages hold the source in a form and pass it back as `value`. A keystroke the
    // browser handles between the page's commit and its passive effects (input outranks them on
    // a busy phone) must not be undone by the page's now-older value: the studio's browser test
    // lost letters that way under load.
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    mounted = { root, container };
    const texts: string[] = [];
    function Page() {
      const [value, setValue] = React.useState("");
      const typedAgain = React.useRef(false);
      React.useLayoutEffect(() => {
        if (value === "" || typedAgain.current) return;
        typedAgain.current = true;
        const area = container.querySelector<HTMLElement & { editor?: Editor }>('[role="textbox"]')!;
        area.editor!.on("transaction", ({ editor }) => texts.push(editor.getText()));
        area.editor!.commands.insertContent(" second");
      });
      return <RichTextEditor label="Body" value={value} onChange={setValue} />;
    }
    await act(async () => root.render(<Page />));
    const area = container.querySelector<HTMLElement & { editor?: Editor }>('[role="textbox"]')!;
    await act(async () => {
      area.editor!.commands.insertContent("first");
    });
    expect(area.textContent).toBe("first second");
    // Not even for a moment: a rolled-back document loses the cursor's place as well.
    expect(texts.filter((text) => text !== "first second")).toEqual([]);
  });
});

describe("what the toolbar inserts", () => {
  it("refuses a javascript:, data: or vbscript: address in the link field, however it is written", async () => {
    for (const address of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "  javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:msgbox(1)", "//evil.example"]) {
      expect(linkAddress(address), address).toBeNull();
    }
    expect(linkAddress("example.com/pricing")).toBe("https://example.com/pricing");
    expect(linkAddress("sales@example.com")).toBe("mailto:sales@example.com");
    expect(linkAddress("/pricing")).toBe("/pricing");
    expect(linkAddress("+1 (555) 010-0100")).toBe("tel:+15550100100");

    const { container, button, lastSource } = await mount({ value: "Read the guide" });
    await press(button("Link"));
    const field = container.querySelector<HTMLInputElement>('input[id$="-field"]');
    if (!field) throw new Error("no link field");
    await fill(field, " JaVaScRiPt:alert(1)");
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/https:, http:, mailto: or tel:/);
    expect(lastSource()).not.toMatch(/javascript/i);
    await fill(field, "https://example.com/guide");
    expect(container.querySelector('input[id$="-field"]')).toBeNull();
    expect(lastSource()).toContain("(https://example.com/guide)");
    expect(parseRichText(lastSource()).ok).toBe(true);
  });

  it("inserts an image from the page's media picker only with alt text, and refuses one from elsewhere", async () => {
    const picks: PickedImage[] = [{ src: "https://evil.example/pixel.gif" }, { src: "/media/2026/chart.webp" }];
    const { container, button, lastSource } = await mount({ onPickImage: async () => picks.shift() ?? null });
    await press(button("Image"));
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/not in the media library/);
    await press(button("Image"));
    const field = container.querySelector<HTMLInputElement>('input[id$="-field"]');
    if (!field) throw new Error("no alt text field");
    await fill(field, "  ");
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/Describe the image/);
    await fill(field, "Calls answered per hour");
    expect(lastSource()).toBe("![Calls answered per hour](/media/2026/chart.webp)");
    expect(lastSource()).not.toContain("evil");
  });

  it("inserts the Book demo block, with its label when it is not the default", async () => {
    const { container, button, lastSource } = await mount();
    await press(button("Book demo block"));
    const field = () => container.querySelector<HTMLInputElement>('input[id$="-field"]');
    expect(field()?.value).toBe("Book demo");
    await fill(field()!, "Book demo");
    expect(lastSource()).toContain("{% book-demo /%}");
    await press(button("Book demo block"));
    await fill(field()!, 'See "it" live');
    expect(lastSource()).toContain('{% book-demo label="See \\"it\\" live" /%}');
    expect(parseRichText(lastSource()).ok).toBe(true);
  });
});

describe("a price or a term in an FAQ answer", () => {
  it("is inserted as a price or term tag the page fills in, not as typed figures", async () => {
    const { container, area, lastSource } = await mount({
      label: "Answer",
      value: "It costs ",
      values: { price: { monthly: "Monthly price ($799)", "annual-yearly": "Annual plan, billed per year ($8,629)" }, term: { "guarantee-days": "Money-back guarantee, days (30)" } },
    });
    const [priceSelect, termSelect] = [...container.querySelectorAll<HTMLSelectElement>("select")];
    expect(container.querySelector(`label[for="${priceSelect!.id}"]`)?.textContent).toBe("Price to insert");
    expect(container.querySelector(`label[for="${termSelect!.id}"]`)?.textContent).toBe("Term to insert");
    await act(async () => {
      priceSelect!.value = "annual-yearly";
      priceSelect!.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(async () => area.focus());
    const button = (text: string) => [...container.querySelectorAll("button")].find((b) => b.textContent === text)!;
    await press(button("Insert price"));
    expect(lastSource()).toContain('{% price name="annual-yearly" /%}');
    await press(button("Insert term"));
    expect(lastSource()).toContain('{% term name="guarantee-days" /%}');
    expect(plainText(lastSource(), { price: { "annual-yearly": "$9,000" }, term: { "guarantee-days": "45" } })).toMatch(/\$9,000.*45/);
    // Without values, no such control (a post's body).
    await act(async () => mounted!.root.unmount());
    mounted!.container.remove();
    mounted = null;
    const body = await mount();
    expect(body.container.textContent).not.toContain("Insert price");
    expect(body.container.textContent).not.toContain("Insert term");
  });
});

describe("the source the editor writes is what the site renders", () => {
  const editorFor = (content: string) => new Editor({ extensions: richTextExtensions(), content, contentType: "markdown" });

  it("gives back a stored body unchanged when it is loaded (blocks, values, escapes)", () => {
    const stored = [
      "## Why answer every call",
      "Most missed calls are **new customers**, *every* time: [book one](https://example.com/book) or [call](tel:+15550100).",
      "### Steps",
      "- Answers in two rings\n- Books the visit",
      "1. Connect\n2. Go live",
      "> It paid for itself in a week.",
      "![The summary screen](/media/summary.webp)",
      '{% book-demo label="See it live" /%}',
      "---",
      'From {% price name="monthly" /%} a month; \\{% not a tag %} stays text.',
      "2024\\. A year of calls",
    ].join("\n\n");
    const editor = editorFor(stored);
    expect(toMarkdocSource(editor)).toBe(stored);
    editor.destroy();
  });

  it("reads a stored body as the site does: HTML, bare URLs and code are text, h1 is h2, outside images and links are dropped", () => {
    const editor = editorFor(
      "# Title\n\n<b>bold?</b> <script>alert(1)</script>\n\nVisit https://example.com or `code`.\n\n[bad](javascript:alert(1)) ![pixel](https://evil.example/p.gif)",
    );
    const source = toMarkdocSource(editor);
    expect(source).toBe("## Title\n\n&lt;b&gt;bold?&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;\n\nVisit https://example.com or code.\n\nbad pixel");
    expect(plainText(source)).toBe("Title\n\n<b>bold?</b> <script>alert(1)</script>\n\nVisit https://example.com or code.\n\nbad pixel");
    editor.destroy();
  });

  it("writes typed text that looks like Markdown or a Markdoc tag so that the page shows it as typed", () => {
    const typed = [
      "# not a heading",
      "2024. A good year",
      "1) one",
      "- a dash",
      "+ a plus",
      "---",
      "| a | b |",
      "{% book-demo /%}",
      "{% script %}alert(1){% /script %}",
      "<script>alert(1)</script>",
      "*stars* and _underscores_ and `ticks`",
      "a \\ backslash and \\{% escaped",
      "[brackets](https://example.com) ![bang](/media/a.webp)",
      "&amp; &lt; entities",
      "> not a quote",
    ];
    const editor = editorFor("");
    for (const text of typed) {
      editor.commands.setContent({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
      const source = toMarkdocSource(editor);
      expect(plainText(source), `${text} → ${source}`).toBe(text);
      expect(parseRichText(source).ok, source).toBe(true);
    }
    editor.destroy();
  });
});
