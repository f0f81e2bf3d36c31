import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { cspNonceContext } from "~/lib/router-context";
import { CspNonce } from "~/lib/csp-nonce";

/*
 * The keys under which the server hands a lead page's route action the lead intake and the
 * deployment's configuration, and this render the answer's CSP nonce: the server takes them from
 * this build (app/lib/router-context.ts says why).
 */
export { leadIntakeContext, runtimeConfigContext } from "~/lib/router-context";
export { cspNonceContext };
/** Where the server hands the public pages' loaders the published content (docs/decisions/0903). */
export { siteContentContext } from "~/lib/router-context";

/** Give up on a render that has not finished in this time. */
export const streamTimeout = 10_000;

/**
 * Renders the public pages to static HTML at build time (`prerender`), and at request time the
 * page answering a lead form posted without JavaScript (docs/decisions/0501), whole as well, its
 * inline scripts carrying the nonce the server put in the context.
 *
 * React Router's default entry flushes at `onShellReady` for anything that is not a bot, which
 * prerenders every `<Suspense>` boundary as pending (`<!--$?-->`) with its content parked in a
 * hidden `<div>` and revealed by an inline script up to 300 ms later. For static generation React
 * recommends `onAllReady` (and no outlining of large boundaries, below): every boundary is written complete and in place, so the page paints
 * whole and the client can hydrate those boundaries later, at low priority (docs/decisions/0303).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Only on request, never when prerendering: every inline script of the answer carries it.
  const nonce = loadContext.get(cspNonceContext) ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // React outlines (streams separately, revealed by script) any boundary that would push the
      // first flush past this many bytes; a static page has no second flush, so never outline.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
