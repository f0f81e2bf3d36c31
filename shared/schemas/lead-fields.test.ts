import { describe, expect, it } from "vitest";
import type { FieldValues, ResolverOptions } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { bookingDialogRequestSchema, bookingFormSchema, enterpriseFormSchema, enterpriseRequestSchema } from "./booking-request";
import { bookingValues, contactValues } from "../../tests/support/lead-values";
import { contactFormSchema, contactRequestSchema } from "./contact-request";

/*
 * Hidden characters in lead fields (docs/decisions/0101): a single-line field refuses control
 * characters, line breaks and bidirectional controls with a message naming the field; a
 * multi-line field keeps line breaks and tabs and refuses the rest. Values are trimmed first.
 */

const booking = bookingValues;
const enterprise = { ...booking, total_calls: undefined, ai_goal: "Answer every support call within seconds" };
const contact = contactValues;

type Form = { schema: z.ZodType; valid: Record<string, unknown> };
const forms: Record<"booking" | "enterprise" | "contact", Form> = {
  booking: { schema: bookingFormSchema, valid: booking },
  enterprise: { schema: enterpriseFormSchema, valid: enterprise },
  contact: { schema: contactFormSchema, valid: contact },
};

/** Every single-line text field of every lead form, with the message it gives. */
const SINGLE_LINE: [keyof typeof forms, string, string][] = [
  ["booking", "name", "Name must be a single line without hidden characters"],
  ["booking", "job_title", "Job title must be a single line without hidden characters"],
  ["booking", "work_email", "Email must be a single line without hidden characters"],
  ["booking", "company_name", "Company name must be a single line without hidden characters"],
  ["enterprise", "name", "Name must be a single line without hidden characters"],
  ["enterprise", "job_title", "Job title must be a single line without hidden characters"],
  ["enterprise", "work_email", "Email must be a single line without hidden characters"],
  ["enterprise", "company_name", "Company name must be a single line without hidden characters"],
  ["contact", "name", "Name must be a single line without hidden characters"],
  ["contact", "company", "Company must be a single line without hidden characters"],
  ["contact", "role", "Role must be a single line without hidden characters"],
  ["contact", "email", "Email must be a single line without hidden characters"],
  ["contact", "phone", "Phone must be a single line without hidden characters"],
];

const MULTI_LINE: [keyof typeof forms, string, string][] = [
  ["enterprise", "ai_goal", "AI goal must not contain hidden characters"],
  ["contact", "notes", "Notes must not contain hidden characters"],
];

/** Line breaks and tabs: refused on one line, kept in a multi-line field. */
const LINE_BREAKS_AND_TABS: Record<string, string> = {
  "CR LF": "\r\n",
  LF: "\n",
  CR: "\r",
  tab: "\t",
};

/** Refused everywhere, one example or more of each class. */
const ALWAYS_REFUSED: Record<string, string> = {
  NUL: "\u0000",
  BEL: "\u0007",
  backspace: "\u0008",
  "vertical tab": "\u000b",
  "form feed": "\u000c",
  ESC: "\u001b",
  "unit separator": "\u001f",
  DEL: "\u007f",
  "C1 padding": "\u0080",
  "next line (NEL)": "\u0085",
  "C1 CSI": "\u009b",
  "C1 APC": "\u009f",
  "line separator": "\u2028",
  "paragraph separator": "\u2029",
  "left-to-right embedding": "\u202a",
  "right-to-left embedding": "\u202b",
  "pop directional formatting": "\u202c",
  "left-to-right override": "\u202d",
  "right-to-left override": "\u202e",
  "left-to-right isolate": "\u2066",
  "right-to-left isolate": "\u2067",
  "first strong isolate": "\u2068",
  "pop directional isolate": "\u2069",
  "left-to-right mark": "\u200e",
  "right-to-left mark": "\u200f",
  "Arabic letter mark": "\u061c",
  "lone high surrogate": "\ud800",
  "lone low surrogate": "\udfff",
};

/** The value with `bad` inside it, where trimming cannot remove it. */
const inside = (value: string, bad: string) => `${value.slice(0, 2)}${bad}${value.slice(2)}`;

function parse(form: keyof typeof forms, field: string, value: unknown) {
  const { schema, valid } = forms[form];
  return schema.safeParse({ ...valid, [field]: value });
}

function expectOnlyMessage(result: ReturnType<typeof parse>, field: string, message: string) {
  expect(result.success, `accepted ${field}`).toBe(false);
  const issues = result.error!.issues.map((i) => ({ path: i.path, message: i.message }));
  expect(issues).toEqual([{ path: [field], message }]);
}

describe("single-line lead fields", () => {
  for (const [form, field, message] of SINGLE_LINE) {
    it(`${form}.${field}: refuses line breaks, tabs, controls, bidi controls and lone surrogates with "${message}"`, () => {
      const value = String(forms[form].valid[field]);
      for (const [what, bad] of Object.entries({ ...LINE_BREAKS_AND_TABS, ...ALWAYS_REFUSED })) {
        const result = parse(form, field, inside(value, bad));
        expect(result.success, `${what} accepted in ${field}`).toBe(false);
        expectOnlyMessage(result, field, message);
      }
    });
  }

  it("refuses the forged notification line of the security review", () => {
    for (const form of ["booking", "enterprise", "contact"] as const) {
      expectOnlyMessage(parse(form, "name", "Bob\r\nWork email: ceo@victim.example"), "name", "Name must be a single line without hidden characters");
    }
  });

  it("refuses a hidden character at either end that trimming does not remove (NUL, controls, bidi)", () => {
    for (const bad of ["\u0000", "\u001b", "\u0085", "\u202e", "\u2066", "\u200f", "\ud800"]) {
      expectOnlyMessage(parse("booking", "name", `${bad}Ada`), "name", "Name must be a single line without hidden characters");
      expectOnlyMessage(parse("booking", "name", `Ada${bad}`), "name", "Name must be a single line without hidden characters");
    }
    // Nothing but control characters is not a blank name: it is refused for what it holds.
    expectOnlyMessage(parse("booking", "name", "\u0000\u0001"), "name", "Name must be a single line without hidden characters");
  });

  it("trims first: a line break or tab at either end (a paste) is fine", () => {
    const result = bookingFormSchema.safeParse({
      ...booking,
      name: "\tAda Lovelace\r\n",
      job_title: "\nOwner\n",
      company_name: "\u2028Analytical Engines LLC\u2029",
      work_email: " ada@example.com\r\n",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Ada Lovelace", job_title: "Owner", company_name: "Analytical Engines LLC", work_email: "ada@example.com" });
    const optional = contactFormSchema.safeParse({ ...contact, role: "\r\n", phone: " 555 0100\n" });
    expect(optional.data).toMatchObject({ role: null, phone: "555 0100" });
  });

  it("keeps the spec's messages for their own cases", () => {
    expectOnlyMessage(parse("booking", "name", "  \r\n\t "), "name", "Name is required");
    expectOnlyMessage(parse("booking", "job_title", ""), "job_title", "Job title is required");
    expectOnlyMessage(parse("booking", "company_name", "x".repeat(101)), "company_name", "Company name must be less than 100 characters");
    expectOnlyMessage(parse("booking", "work_email", "ada@@example.com"), "work_email", "Invalid email address");
    expectOnlyMessage(parse("booking", "work_email", `${"x".repeat(244)}@example.com`), "work_email", "Email must be less than 255 characters");
    expectOnlyMessage(parse("contact", "phone", "call me"), "phone", "Invalid phone number");
    expectOnlyMessage(parse("contact", "company", "   "), "company", "Company is required");
  });

  it("accepts the text of real names in any script, emoji and visible spacing", () => {
    const names = [
      "Zoë Ångström",
      "李小龍",
      "דוד כהן", // Hebrew
      "محمد عبد الله", // Arabic
      "O'Brien-Smith, Jr.",
      "Ada\u00a0Lovelace", // a no-break space is visible spacing
      "👩‍💻 Dev", // the zero-width joiner inside an emoji sequence
      "मनीष", // Devanagari with combining signs
      "𝕏 Corp", // a valid surrogate pair
      "<script>alert(1)</script>",
    ];
    for (const name of names) {
      const result = bookingFormSchema.safeParse({ ...booking, name, company_name: name, job_title: name });
      expect(result.success, name).toBe(true);
      expect(result.data?.name).toBe(name);
    }
  });

  it("the request schemas the server parses give the same messages", () => {
    const forged = "Bob\r\nWork email: ceo@victim.example";
    const b = bookingDialogRequestSchema.safeParse({ ...booking, company_name: forged });
    expect(b.error?.issues.map((i) => [i.path, i.message])).toEqual([[["company_name"], "Company name must be a single line without hidden characters"]]);
    const e = enterpriseRequestSchema.safeParse({ ...enterprise, job_title: forged });
    expect(e.error?.issues.map((i) => [i.path, i.message])).toEqual([[["job_title"], "Job title must be a single line without hidden characters"]]);
    const c = contactRequestSchema.safeParse({ ...contact, role: forged });
    expect(c.error?.issues.map((i) => [i.path, i.message])).toEqual([[["role"], "Role must be a single line without hidden characters"]]);
  });
});

describe("multi-line lead fields", () => {
  for (const [form, field, message] of MULTI_LINE) {
    it(`${form}.${field}: keeps line breaks and tabs`, () => {
      const value = `First line\r\nsecond\tcolumn\nthird\rfourth`;
      const result = parse(form, field, value);
      expect(result.success).toBe(true);
      expect((result.data as Record<string, unknown>)[field]).toBe(value);
    });

    it(`${form}.${field}: refuses other controls, separators, bidi controls and lone surrogates with "${message}"`, () => {
      const value = String(forms[form].valid[field]);
      for (const [what, bad] of Object.entries(ALWAYS_REFUSED)) {
        const result = parse(form, field, inside(value, bad));
        expect(result.success, `${what} accepted in ${field}`).toBe(false);
        expectOnlyMessage(result, field, message);
      }
    });
  }

  it("keeps their own messages for their own cases", () => {
    expectOnlyMessage(parse("enterprise", "ai_goal", " \r\n "), "ai_goal", "AI goal is required");
    expectOnlyMessage(parse("enterprise", "ai_goal", "x".repeat(501)), "ai_goal", "AI goal must be less than 500 characters");
    expectOnlyMessage(parse("contact", "notes", "x".repeat(2001)), "notes", "Notes must be less than 2000 characters");
    expect(parse("contact", "notes", "\r\n").data).toMatchObject({ notes: null });
  });
});

describe("what the forms show in the browser (react-hook-form's zodResolver)", () => {
  const resolve = async (schema: z.ZodType<FieldValues, FieldValues>, values: Record<string, unknown>) => {
    const options: ResolverOptions<FieldValues> = { fields: {}, shouldUseNativeValidation: false };
    const { errors } = await zodResolver(schema)(values, undefined, options);
    return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, (error as { message?: string }).message]));
  };

  it("puts the message beside the field that holds the hidden character", async () => {
    expect(await resolve(bookingFormSchema, { ...booking, name: "Bob\r\nWork email: ceo@victim.example" })).toEqual({
      name: "Name must be a single line without hidden characters",
    });
    expect(await resolve(enterpriseFormSchema, { ...enterprise, company_name: "Acme\u202eevil", ai_goal: "Goal\u0007" })).toEqual({
      company_name: "Company name must be a single line without hidden characters",
      ai_goal: "AI goal must not contain hidden characters",
    });
    expect(await resolve(contactFormSchema, { ...contact, phone: "555\n0100", notes: "Line one\nline two" })).toEqual({
      phone: "Phone must be a single line without hidden characters",
    });
  });
});
