import { describe, expect, it } from "vitest";
import { attributionSchema } from "./lead-meta";

/*
 * Attribution never costs a lead (docs/decisions/0101), so it is cleaned rather than refused; it
 * reaches the staff notification as single lines too (docs/decisions/0101).
 */
describe("attribution", () => {
  it("drops line breaks, controls, bidi controls and lone surrogates instead of refusing the lead", () => {
    const result = attributionSchema.parse({
      utm_source: "news\r\nWork email: ceo@victim.example",
      utm_campaign: "\u202espring\u2066\u2069",
      utm_medium: "e\u0000mail\u0085\u2028",
      referrer: "https://news.example/\u200f\ud800",
      page_path: "/pricing\t",
    });
    expect(result).toEqual({
      utm_source: "newsWork email: ceo@victim.example",
      utm_campaign: "spring",
      utm_medium: "email",
      referrer: "https://news.example/",
      page_path: "/pricing",
    });
    for (const value of Object.values(result)) {
      // eslint-disable-next-line no-control-regex
      expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it("keeps ordinary text and unicode, and a value of hidden characters only is no value", () => {
    expect(attributionSchema.parse({ utm_term: "café 🚀", utm_content: "\r\n\u202e" })).toEqual({ utm_term: "café 🚀", utm_content: null });
  });
});
