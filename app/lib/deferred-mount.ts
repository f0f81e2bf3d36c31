import * as React from "react";

/**
 * True from the first render in which `flag` is true, and from then on.
 *
 * Dialogs and sheets are rendered only once they have been opened: a closed Radix dialog still
 * mounts its providers and effects (ids set in layout effects, a re-render to record its anchor),
 * which all ran inside the page's hydration commit. Staying mounted after the first opening keeps
 * the closing animation and the focus return.
 */
export function useEverTrue(flag: boolean): boolean {
  const [ever, setEver] = React.useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}
