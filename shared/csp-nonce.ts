import { createContext } from "react-router";

/**
 * The Content-Security-Policy nonce of a page rendered on request (the answer to a native form
 * post, docs/decisions/0501): the server makes one per answer and hands it to React Router's
 * render in the router context (app/entry.server.tsx), which puts it on every inline script.
 * Null when prerendering: static pages allow their inline scripts by hash instead. Like
 * shared/native-form-answer.ts's key, the server takes this one from React Router's build.
 */
export const cspNonceContext = createContext<string | null>(null);
