import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { alternatives, calculator, scenarios } from "~/content/compare";
import { CostCalculator } from "./cost-calculator";

const html = renderToStaticMarkup(<CostCalculator />);

/** The markup of the first `<tag ...>...</tag>` whose opening tag matches `opening`. */
function element(tag: string, opening: RegExp, within = html): string {
  const match = new RegExp(`<${tag}\\b[^>]*>`, "g");
  for (let found = match.exec(within); found; found = match.exec(within)) {
    if (opening.test(found[0])) return within.slice(found.index, within.indexOf(`</${tag}>`, found.index) + tag.length + 3);
  }
  throw new Error(`no <${tag}> matching ${opening}`);
}

const rows = (table: string) => table.match(/<tr\b[^>]*>.*?<\/tr>/g) ?? [];
const headerCells = (row: string) => row.match(/<th\b[^>]*>/g) ?? [];
const text = (markup: string) => markup.replace(/<[^>]+>/g, "");

describe("the cost calculator's markup (prerendered)", () => {
  it("has a submit button in its form, and the form submits nowhere before the code has loaded", () => {
    const form = element("form", /aria-label="Cost calculator"/);
    expect(form).toMatch(/^<form[^>]*method="dialog"/);
    const button = element("button", /type="submit"/, form);
    expect(text(button)).toBe(calculator.submitLabel);
  });

  it("gives its table one level of headers, each with a scope: the columns across the top, the option at each row's start", () => {
    const table = element("table", /data-testid="calculator-results"/);
    const [head, ...body] = rows(table);
    expect(headerCells(head!)).toHaveLength(2);
    for (const cell of headerCells(head!)) expect(cell).toMatch(/scope="col"/);
    expect(text(head!)).toContain(scenarios[0]!.name);
    expect(text(head!)).toContain(scenarios[1]!.name);

    // A row of figures has one row header, naming its option; the phone's copy of that name above
    // the figures is no header and is hidden from assistive technology.
    const figureRows = body.filter((row) => !/^<tr[^>]*aria-hidden="true"/.test(row));
    const options = [calculator.flatPlanRow, ...alternatives.map((alternative) => alternative.name)];
    expect(figureRows).toHaveLength(options.length);
    figureRows.forEach((row, index) => {
      const [header, ...others] = headerCells(row);
      expect(others).toEqual([]);
      expect(header).toMatch(/scope="row"/);
      expect(text(element("th", /scope="row"/, row))).toBe(options[index]);
      expect(row.match(/<td\b/g)).toHaveLength(2);
    });
    for (const row of body.filter((row) => !figureRows.includes(row))) {
      expect(headerCells(row)).toEqual([]);
      expect(row).toMatch(/^<tr[^>]*aria-hidden="true"/);
    }
    expect(table).not.toMatch(/scope="(rowgroup|colgroup)"/);
  });
});
