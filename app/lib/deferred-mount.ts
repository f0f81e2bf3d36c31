import * as React from "react";

/**
 * True from the first render in which `flag` is true, and from then on.
 *
 * A dialog whose code loads on first use (the cookie settings) is rendered only once it has been
 * opened: its chunk is not fetched, nor its tree hydrated, with the page. Staying mounted after
 * the first opening keeps the dialog element, and so the browser's focus return when it closes.
 */
export function useEverTrue(flag: boolean): boolean {
  const [ever, setEver] = React.useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}
