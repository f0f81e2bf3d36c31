import * as React from "react";

const hyphenated = /([\p{L}\p{N}$]+(?:-[\p{L}\p{N}]+)+)/u;

/**
 * Keeps hyphenated words ("per-minute", "money-back", "Enterprise-grade") on one line in large
 * type, where a break after the hyphen reads badly. The text itself is unchanged, so its
 * accessible name and what search engines read stay the same. Anything but a string passes through.
 */
export function keepHyphenated(text: React.ReactNode): React.ReactNode {
  if (typeof text !== "string" || !text.includes("-")) return text;
  return text.split(hyphenated).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
