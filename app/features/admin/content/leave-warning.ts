import * as React from "react";
import { useBlocker } from "react-router";

export const LEAVE_WARNING = "You have unsaved changes. Leave this page and lose them?";

/**
 * While `dirty`, leaving asks first: closing or reloading the tab through the browser's own
 * question (beforeunload), a link inside the admin area through a confirm. `allowNext` lets one
 * navigation the page starts itself through (a new post moving to its own address after its
 * first save).
 */
export function useLeaveWarning(dirty: boolean) {
  const allowNext = React.useRef(false);
  React.useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowNext.current) {
      allowNext.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });
  React.useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return {
    /** Lets the next navigation through without asking. */
    allowNextNavigation: () => {
      allowNext.current = true;
    },
  };
}
