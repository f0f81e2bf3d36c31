import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (conditionals, arrays, falsy values skipped).
 *
 * No tailwind-merge: building its class map took about 40 ms of main-thread time on every page
 * start, in one task Lighthouse counts against blocking time (docs/decisions/0303). Components
 * offer variants (size, tone, padding) instead of overriding their own utilities from outside,
 * and the tests fail if any element on any page carries two utilities that set the same thing
 * (tests/support/class-conflicts.ts).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
