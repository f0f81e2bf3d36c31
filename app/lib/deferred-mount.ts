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

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * False while the page hydrates; true once the browser is idle after that (at most `timeoutMs`
 * later), switched in a transition so the work is cut into short slices. For widgets whose
 * server-rendered markup works as a plain button until then.
 */
export function useIdleMount(timeoutMs = 1500): boolean {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => {
    const win = window as IdleWindow;
    const mount = () => React.startTransition(() => setMounted(true));
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const handle = win.requestIdleCallback(mount, { timeout: timeoutMs });
      return () => win.cancelIdleCallback?.(handle);
    }
    const handle = window.setTimeout(mount, 200);
    return () => window.clearTimeout(handle);
  }, [timeoutMs]);
  return mounted;
}
