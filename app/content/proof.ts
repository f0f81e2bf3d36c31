import { trustedByNames } from "./home";

/*
 * The home page's proof under the hero (docs/product.md#design): the example customers'
 * wordmarks, example testimonials and the reseller seal.
 *
 * PLACEHOLDER: everything in this module is example content to replace before launch: real
 * customers' logos (with their permission) for the wordmarks, real customers' words for the
 * testimonials. Until then the page labels the testimonials as examples.
 */

/** The small drawing left of a wordmark's name: abstract shapes, so any customer name fits them. */
export type WordmarkMark = "pillars" | "drop" | "shield" | "fan" | "roof" | "smile";

export type WordmarkStyle = {
  mark: WordmarkMark;
  family: "sans" | "serif";
  /** The name's font weight. */
  weight: 400 | 500 | 600 | 700 | 800;
  /** The first word's weight, when it differs (a two-weight wordmark). */
  leadWeight?: 400 | 500 | 600 | 700 | 800;
};

/**
 * PLACEHOLDER: one drawn style per example customer, in the order of `trustedByNames`, so each
 * name reads as a distinct logo. Replace with the customers' own logos before launch.
 */
const wordmarkStyles: WordmarkStyle[] = [
  { mark: "pillars", family: "serif", weight: 700 },
  { mark: "drop", family: "sans", weight: 500, leadWeight: 800 },
  { mark: "shield", family: "sans", weight: 600 },
  { mark: "fan", family: "sans", weight: 500, leadWeight: 700 },
  { mark: "roof", family: "serif", weight: 600 },
  { mark: "smile", family: "sans", weight: 700 },
];

export type Wordmark = WordmarkStyle & { name: string };

/** The trusted-by strip's wordmarks: the six example names (app/content/home.ts), each drawn. */
export const wordmarks: Wordmark[] = trustedByNames.map((name, i) => ({ name, ...wordmarkStyles[i % wordmarkStyles.length] }));

export type Testimonial = {
  /** Initials for the avatar: no photos. */
  initials: string;
  role: string;
  firmType: string;
  quote: string;
  /** The one figure the card leads with. */
  metric: { value: string; label: string };
};

/**
 * The testimonials' heading. `label` marks them as examples on the page (docs/product.md#design):
 * keep it, and the per-card `cardLabel`, until real customers' words replace them.
 */
export const testimonialsIntro = {
  label: "Example testimonials",
  title: "What changes when every call is answered",
  lead: "Illustrative examples of the results we set up for, not quotes from real customers.",
  /** When real customers' words sit beside examples not yet replaced. */
  mixedLead: "Cards marked Example are illustrative, not quotes from real customers.",
  cardLabel: "Example",
} as const;

/**
 * PLACEHOLDER, EXAMPLES ONLY: not real customers, not real quotes, not measured results. One per
 * industry page. Replace with real customers' words (with their permission) before launch, and
 * drop the example labels then.
 */
export const exampleTestimonials: Testimonial[] = [
  {
    initials: "JR",
    role: "Office manager",
    firmType: "Personal-injury law firm",
    quote: "Callers who rang after six used to reach voicemail and call the next firm. Now the agent takes the intake and books the consult before they hang up.",
    metric: { value: "2x", label: "consults booked after hours" },
  },
  {
    initials: "DK",
    role: "Owner",
    firmType: "Plumbing and heating company",
    quote: "I stopped answering the phone from under a sink. Jobs land on the calendar with the address and the problem already written up.",
    metric: { value: "0", label: "missed calls on emergency nights" },
  },
  {
    initials: "AS",
    role: "Agency principal",
    firmType: "Independent insurance agency",
    quote: "Quote requests get an answer in seconds, and my producers read the transcript before they call back, so nobody asks the same question twice.",
    metric: { value: "3 hrs", label: "of phone time back each day" },
  },
];

/** The reseller seal's words live in their own module (the footer shows the seal on every page). */
export { resellerSeal } from "./reseller-seal";
