// The statistics every benchmark here prints, in one place so that their figures mean the same
// thing. Values that are not finite (a run that measured nothing: NaN) are left out; an empty
// set gives NaN, which `ms` prints as "-". The plain Node benchmarks (.mjs) load this through
// tsx, as they load tests/support/chromium.ts.

/** The finite values, ascending, in a new array. */
export function ascending(values: readonly number[]): number[] {
  return values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
}

/** The middle value, or the mean of the two middle values of an even count. */
export function median(values: readonly number[]): number {
  const v = ascending(values);
  if (!v.length) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * The p-th percentile (0-100) by nearest rank: the value at index floor(p% of the count), so p50
 * of an even count is the upper middle value (unlike `median`) and p100 the maximum.
 */
export function percentile(values: readonly number[], p: number): number {
  const v = ascending(values);
  if (!v.length) return NaN;
  return v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))]!;
}

/** A number with `digits` decimals, "-" when it is not finite. */
export const ms = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/** "min-max" of the finite values with `digits` decimals, "-" when there is none. */
export function range(values: readonly number[], digits = 0): string {
  const v = ascending(values);
  return v.length ? `${v[0]!.toFixed(digits)}-${v.at(-1)!.toFixed(digits)}` : "-";
}

/**
 * Times `run` (ms, wall clock): `warmUp` untimed calls, then timed ones until there are `max`
 * samples, or at least `min` and `seconds` have passed. The samples in the order taken.
 */
export async function sample(
  run: () => unknown,
  options: { warmUp?: number; min?: number; max?: number; seconds?: number } = {},
): Promise<number[]> {
  const { warmUp = 0, min = 1, max = min, seconds = Infinity } = options;
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < max && (times.length < min || performance.now() - started < seconds * 1000)) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times;
}

/** The rows as a Markdown table (what docs/performance.md quotes); `align` per column, "l" or "r". */
export function markdownTable(header: readonly string[], align: string, rows: readonly (readonly unknown[])[]): string {
  const rule = [...align].map((a) => (a === "r" ? "---:" : "---"));
  const line = (cells: readonly unknown[]) => `| ${cells.map((c) => String(c ?? "")).join(" | ")} |`;
  return [line(header), `|${rule.join("|")}|`, ...rows.map(line)].join("\n");
}
