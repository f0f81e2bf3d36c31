import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach } from "vitest";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/**
 * Turns React's act() environment on for the calling test file only, and back as it was after it:
 * the fast project shares its workers' globals between files. Call it at the file's top level.
 */
export function actEnvironmentForThisFile(): void {
  const before = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  afterAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = before;
  });
}

/**
 * actEnvironmentForThisFile(), and a function that mounts a React root in a new element of the page;
 * every root it made is unmounted, and its element removed, after each test.
 */
export function reactRoots(): () => { root: Root; container: HTMLElement } {
  actEnvironmentForThisFile();
  const mounted: { root: Root; container: HTMLElement }[] = [];
  afterEach(async () => {
    for (const { root, container } of mounted.splice(0)) {
      await act(async () => root.unmount());
      container.remove();
    }
  });
  return () => {
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    mounted.push({ root, container });
    return { root, container };
  };
}
