import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { createElement, type CSSProperties, type ReactNode } from "react";

/**
 * The picture a post's link shows when shared (og:image, twitter:image): a 1200x630 PNG drawn
 * from text, in the site's colours (app/app.css), never the post's cover photo. satori lays the
 * text out and turns it into SVG paths; resvg rasterises that. Nothing is cached here: the caller
 * stores or caches the PNG per post version. satori and resvg are loaded on the first card, as
 * they cost about 0.4 CPU-s to import.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export type ShareCard = {
  /** The post's title: wrapped, at most three lines, cut with an ellipsis past that. */
  title: string;
  /** A short line above the title ("Blog", a category): one line. */
  kicker: string;
  /** The line at the bottom: the site's name (a placeholder, docs/decisions/0003) and address. */
  footer: string;
};

/** The site's palette (app/app.css @theme). */
const colours = {
  background: "#ffffff",
  foreground: "#0f172a",
  mutedForeground: "#475569",
  border: "#cbd5e1",
  primary: "#1d4ed8",
  primarySoft: "#eff6ff",
};

/** Text past this never shows (three lines hold about 90 characters at the smallest size). */
const MAX_TITLE_CHARS = 300;
const MAX_LINE_CHARS = 120;

const FONT_NAME = "Inter";

/**
 * Inter from @fontsource/inter, as WOFF (satori reads no WOFF2), Latin and Latin Extended, in the
 * two weights the card uses; read from node_modules at run time (the server build does not bundle
 * them). Read once per process: they are part of the program, not of any card.
 */
let fonts: Promise<{ name: string; data: Buffer; weight: 600 | 700; style: "normal" }[]> | null = null;
function loadFonts() {
  const require = createRequire(import.meta.url);
  fonts ??= Promise.all(
    (["latin", "latin-ext"] as const).flatMap((subset) =>
      ([600, 700] as const).map(async (weight) => ({
        // One name per subset: satori keeps one font per name and weight, and falls back across names.
        name: subset === "latin" ? FONT_NAME : `${FONT_NAME} ${subset}`,
        data: await fs.readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal" as const,
      })),
    ),
  );
  return fonts;
}

/** A title's size: large for a short one, smaller as it grows, so most fit in two or three lines. */
function titleSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 80) return 64;
  return 54;
}

/** Collapses whitespace (a title pasted with line breaks) and bounds the text laid out. */
function oneLine(text: string, max: number): string {
  return text.replace(/\s+/g, " ").trim().slice(0, max);
}

function card({ title, kicker, footer }: ShareCard): ReactNode {
  const div = (style: CSSProperties, ...children: ReactNode[]) => createElement("div", { style }, ...children);
  const singleLine: CSSProperties = { display: "block", lineClamp: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" };
  const size = titleSize(title);
  return div(
    {
      // satori sizes the content box, as CSS does: the card's padding and border go inside its size.
      boxSizing: "border-box",
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      display: "flex",
      flexDirection: "column",
      backgroundColor: colours.background,
      borderTop: `16px solid ${colours.primary}`,
      paddingTop: 64,
      paddingRight: 80,
      paddingBottom: 56,
      paddingLeft: 80,
      fontFamily: `${FONT_NAME}, ${FONT_NAME} latin-ext`,
    },
    div(
      { ...singleLine, alignSelf: "flex-start", maxWidth: "100%", color: colours.primary, backgroundColor: colours.primarySoft, fontSize: 26, fontWeight: 700, letterSpacing: 2, textTransform: "uppercase", padding: "8px 18px", borderRadius: 8 },
      kicker,
    ),
    div(
      // The title takes the space between kicker and footer and never more: three lines at most,
      // cut with an ellipsis, so the footer always stays where it is.
      { display: "flex", flexDirection: "column", justifyContent: "center", flexGrow: 1, flexShrink: 1, minHeight: 0, overflow: "hidden" },
      div(
        { display: "block", width: "100%", lineClamp: 3, overflow: "hidden", color: colours.foreground, fontSize: size, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1, wordBreak: "break-word" },
        title,
      ),
    ),
    div(
      { ...singleLine, width: "100%", flexShrink: 0, borderTop: `2px solid ${colours.border}`, paddingTop: 28, color: colours.mutedForeground, fontSize: 30, fontWeight: 600 },
      footer,
    ),
  );
}

/** The share card as a 1200x630 PNG. */
export async function renderShareCard(input: ShareCard): Promise<Buffer> {
  const [{ default: satori }, { Resvg }, loadedFonts] = await Promise.all([import("satori"), import("@resvg/resvg-js"), loadFonts()]);
  const svg = await satori(
    card({ title: oneLine(input.title, MAX_TITLE_CHARS), kicker: oneLine(input.kicker, MAX_LINE_CHARS), footer: oneLine(input.footer, MAX_LINE_CHARS) }),
    { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, fonts: loadedFonts },
  );
  // satori drew the text as paths: resvg needs no fonts of its own.
  return new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "original" } }).render().asPng();
}
