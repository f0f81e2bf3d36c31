import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { keepHyphenated } from "./keep-hyphenated";

describe("keepHyphenated", () => {
  it("wraps each hyphenated word in a no-wrap span and keeps the text", () => {
    const html = renderToStaticMarkup(<h1>{keepHyphenated("No per-minute surprises, 30-day money-back guarantee")}</h1>);
    expect(html).toBe(
      '<h1>No <span class="whitespace-nowrap">per-minute</span> surprises, <span class="whitespace-nowrap">30-day</span> <span class="whitespace-nowrap">money-back</span> guarantee</h1>',
    );
  });

  it("leaves text without hyphens, dashes between spaces and non-strings alone", () => {
    expect(keepHyphenated("Flat fee")).toBe("Flat fee");
    expect(renderToStaticMarkup(<p>{keepHyphenated("Voice - SMS")}</p>)).toBe("<p>Voice - SMS</p>");
    const node = <b>x-y</b>;
    expect(keepHyphenated(node)).toBe(node);
  });
});
