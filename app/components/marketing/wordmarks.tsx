import type * as React from "react";
import type { Wordmark, WordmarkMark } from "~/content/proof";
import { cn } from "~/lib/cn";

/*
 * The example customers as one-line wordmarks (docs/product.md#design): inline SVG with one
 * fixed viewBox height, so every wordmark renders at the same height and its width follows from
 * its own viewBox: known before any font loads, nothing wraps, nothing shifts. The name's width is
 * fixed too (`textLength`, estimated from Arial Bold's advance widths), so a system font that runs
 * narrower or wider only spaces its letters a little differently instead of overflowing the box.
 */

/** viewBox units: the height every wordmark shares, the name's size and where it starts. */
const HEIGHT = 40;
const FONT_SIZE = 20;
const TEXT_X = 38;
const BASELINE = 27.5;

/**
 * The wordmarks' faces: Arial's metrics first (Helvetica and Liberation Sans share them), which the
 * width estimate below assumes, rather than the site's system stack; the serif wordmarks take
 * Georgia or Times.
 */
const FAMILIES = {
  sans: '"Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, "Liberation Serif", serif',
} as const;

// Arial Bold's advance widths (per 1000 units of the em) for a-z and A-Z.
const LOWER = [556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500];
const UPPER = [722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611];
const OTHER: Record<string, number> = { " ": 278, "&": 722, ".": 278, ",": 278, "'": 238, "-": 333 };

/** Lighter weights run narrower than Bold. */
const weightFactor = (weight: number) => (weight >= 700 ? 1 : weight >= 600 ? 0.97 : 0.93);

function advance(ch: string) {
  const code = ch.charCodeAt(0);
  if (code >= 97 && code <= 122) return LOWER[code - 97];
  if (code >= 65 && code <= 90) return UPPER[code - 65];
  if (code >= 48 && code <= 57) return 556;
  return OTHER[ch] ?? 600;
}

/** The width of `text` in viewBox units at the wordmark's font size. */
function textWidth(text: string, weight: number) {
  let units = 0;
  for (const ch of text) units += advance(ch);
  return (units * weightFactor(weight) * FONT_SIZE) / 1000;
}

/** The name's width in viewBox units, and the wordmark's whole viewBox width. */
export function wordmarkWidths({ name, weight, leadWeight }: Wordmark) {
  const space = name.indexOf(" ");
  const text =
    leadWeight && space > 0
      ? textWidth(name.slice(0, space), leadWeight) + textWidth(name.slice(space), weight)
      : textWidth(name, weight);
  const textLength = Math.round(text * 10) / 10;
  return { textLength, width: Math.ceil(TEXT_X + textLength + 2) };
}

/** The drawings, in a 28 x 28 box at the wordmark's left. */
const marks: Record<WordmarkMark, React.ReactNode> = {
  pillars: (
    <>
      <path d="M2 9.5 14 3l12 6.5z" />
      <rect x="5" y="11.5" width="4" height="10" />
      <rect x="12" y="11.5" width="4" height="10" />
      <rect x="19" y="11.5" width="4" height="10" />
      <rect x="2" y="23" width="24" height="3" />
    </>
  ),
  drop: (
    <>
      <path d="M14 2s-9 10-9 16a9 9 0 0 0 18 0c0-6-9-16-9-16z" />
      <path d="M10 18a4 4 0 0 0 4 4" fill="none" strokeWidth="2.2" strokeLinecap="round" className="stroke-background" />
    </>
  ),
  shield: (
    <>
      <path d="M14 2 25 6v7c0 7-5 11.5-11 13C8 24.5 3 20 3 13V6z" />
      <path d="m9 14 3.5 3.5L19.5 10" fill="none" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" className="stroke-background" />
    </>
  ),
  fan: (
    <>
      <circle cx="14" cy="14" r="12" fill="none" strokeWidth="2.5" className="stroke-current" />
      {[0, 120, 240].map((angle) => (
        <path key={angle} d="M14 14c-1-4 0-7.5 3.5-8.5 2 3 0 7-3.5 8.5z" transform={`rotate(${angle} 14 14)`} />
      ))}
      <circle cx="14" cy="14" r="2" />
    </>
  ),
  roof: (
    <>
      <path d="M2 14 14 4l12 10" fill="none" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" className="stroke-current" />
      <path d="M7 22.5 14 16.5l7 6" fill="none" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" className="stroke-current" />
      <rect x="19" y="4" width="3.5" height="6" rx="0.5" />
    </>
  ),
  smile: (
    <>
      <rect x="2" y="2" width="24" height="24" rx="8" />
      <path d="M8.5 15.5c3 4 8 4 11 0" fill="none" strokeWidth="2.6" strokeLinecap="round" className="stroke-background" />
    </>
  ),
};

/**
 * One wordmark: an image whose accessible name is the customer's name; the drawn name is that
 * same text, so the list item's text is the name too.
 */
export function WordmarkSvg({ wordmark, className }: { wordmark: Wordmark; className?: string }) {
  const { name, mark, family, weight, leadWeight } = wordmark;
  const { textLength, width } = wordmarkWidths(wordmark);
  const space = name.indexOf(" ");
  const twoWeights = leadWeight !== undefined && space > 0;
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width={width * 0.7}
      height={HEIGHT * 0.7}
      className={cn("w-auto fill-current", className)}
    >
      <g transform="translate(0 6)">{marks[mark]}</g>
      <text
        x={TEXT_X}
        y={BASELINE}
        fontSize={FONT_SIZE}
        fontWeight={weight}
        textLength={textLength}
        lengthAdjust="spacing"
        fontFamily={FAMILIES[family]}
      >
        {twoWeights ? (
          <>
            <tspan fontWeight={leadWeight}>{name.slice(0, space)}</tspan>
            {name.slice(space)}
          </>
        ) : (
          name
        )}
      </text>
    </svg>
  );
}

/**
 * The wordmarks in a list, all at one height: two columns on a phone, three from sm, one row from
 * xl. The height is the smaller of a fixed size and what lets the widest wordmark fit its column
 * (or the whole row fit the list, from xl), from the list's own width (container query units):
 * equal heights, nothing wider than its column, on any phone.
 */
export function WordmarkList({ wordmarks, label }: { wordmarks: Wordmark[]; label?: string }) {
  const ratios = wordmarks.map((w) => wordmarkWidths(w).width / HEIGHT);
  const style = {
    "--wm-widest": Math.max(...ratios).toFixed(3),
    "--wm-row": ratios.reduce((sum, r) => sum + r, 0).toFixed(3),
  } as React.CSSProperties;
  return (
    <ul
      aria-label={label}
      style={style}
      className="grid grid-cols-2 items-center gap-x-3 gap-y-5 text-slate-600 @container sm:grid-cols-3 sm:gap-x-6 xl:flex xl:justify-between xl:gap-x-8"
    >
      {wordmarks.map((wordmark) => (
        <li key={wordmark.name} className="flex justify-center">
          <WordmarkSvg
            wordmark={wordmark}
            className="h-[min(1.5rem,calc((100cqw_-_0.75rem)/2/var(--wm-widest)))] sm:h-[min(1.75rem,calc((100cqw_-_3rem)/3/var(--wm-widest)))] xl:h-[min(1.75rem,calc((100cqw_-_10rem)/var(--wm-row)))]"
          />
        </li>
      ))}
    </ul>
  );
}
