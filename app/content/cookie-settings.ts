import { footerLabels } from "./brand";

/**
 * What the cookie settings say about storage and counting (app/features/consent). The counting
 * sentence is docs/decisions/0801 in the visitor's words: the site's own count of visits
 * runs before and without consent because it stores nothing and sends nothing that identifies
 * anyone, and not at all under Global Privacy Control.
 */
export const cookieSettings = {
  title: footerLabels.cookieSettings,
  /** With a tag or pixel configured: the visitor chooses. */
  choose: "Choose what we may use. Strictly necessary storage (your sign-in, this choice) is always on.",
  /** Without any: nothing to choose. */
  nothingToChoose: "This site uses no analytics or advertising cookies. Only strictly necessary storage is used.",
  counting:
    "We count visits ourselves, without cookies or personal data, so we do not ask for consent to it. If your browser sends Global Privacy Control, we count nothing.",
} as const;
