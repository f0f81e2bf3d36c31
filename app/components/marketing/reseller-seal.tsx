import { useId } from "react";
import { resellerSeal } from "~/content/reseller-seal";
import { cn } from "~/lib/cn";

/*
 * The reseller line as a seal (docs/product.md#design): a rosette drawn in inline SVG beside
 * the words of brand.resellerBadge. The drawing is decoration (aria-hidden); the line beside it is
 * the text everyone reads, screen readers included.
 */

const C = 40;

/** The rosette's scalloped edge: 28 points between two radii, computed once. */
const rosette = (() => {
  const points: string[] = [];
  for (let k = 0; k < 56; k++) {
    const r = k % 2 === 0 ? 39.5 : 35.5;
    const a = (k * Math.PI) / 28;
    points.push(`${(C + r * Math.sin(a)).toFixed(2)} ${(C - r * Math.cos(a)).toFixed(2)}`);
  }
  return `M${points.join("L")}z`;
})();

/** The emblem: a rosette, a ring, the ring's words (only where they are large enough to read) and a check. */
function SealEmblem({ withRing, className }: { withRing: boolean; className?: string }) {
  const space = resellerSeal.ring.indexOf(" ");
  const top = space > 0 ? resellerSeal.ring.slice(0, space) : resellerSeal.ring;
  const bottom = space > 0 ? resellerSeal.ring.slice(space + 1) : "";
  const id = useId();
  return (
    <svg aria-hidden="true" viewBox="0 0 80 80" className={cn("shrink-0", className)}>
      <path d={rosette} className="fill-primary" />
      <circle cx={C} cy={C} r="31.5" fill="none" strokeWidth="1" className="stroke-primary-foreground" opacity="0.55" />
      {withRing ? (
        <>
          <path id={`${id}top`} d="M17 40a23 23 0 0 1 46 0" fill="none" />
          <path id={`${id}bottom`} d="M11 40a29 29 0 0 0 58 0" fill="none" />
          <g className="fill-primary-foreground" fontSize="7.6" fontWeight="700" letterSpacing="0.9">
            <text textAnchor="middle" className="uppercase">
              <textPath href={`#${id}top`} startOffset="50%">
                {top}
              </textPath>
            </text>
            <text textAnchor="middle" className="uppercase">
              <textPath href={`#${id}bottom`} startOffset="50%">
                {bottom}
              </textPath>
            </text>
          </g>
          <circle cx="14" cy="40" r="1.6" className="fill-primary-foreground" />
          <circle cx="66" cy="40" r="1.6" className="fill-primary-foreground" />
          <path d="m32 40.5 5.5 5.5L49 34.5" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" className="stroke-primary-foreground" />
        </>
      ) : (
        <path d="m26 41 9 9 19-20" fill="none" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" className="stroke-primary-foreground" />
      )}
    </svg>
  );
}

/**
 * The reseller seal: `size="md"` for the footer (the emblem with a check), `size="lg"` for the
 * home page's proof band (the emblem carries the ring's words).
 */
export function ResellerSeal({ size = "md", className }: { size?: "md" | "lg"; className?: string }) {
  const lg = size === "lg";
  return (
    <p className={cn("flex w-fit items-center", lg ? "gap-4" : "gap-3", className)}>
      <SealEmblem withRing={lg} className={lg ? "size-20" : "size-11"} />
      <span className={cn("font-semibold text-foreground", lg ? "max-w-[16rem] text-base" : "max-w-[15rem] text-sm")}>{resellerSeal.line}</span>
    </p>
  );
}
