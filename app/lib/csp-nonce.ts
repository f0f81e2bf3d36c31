import * as React from "react";

/**
 * The nonce of the page being rendered on request (app/entry.server.tsx provides it), for the
 * inline scripts React Router does not render itself. Undefined when prerendering and in the
 * browser.
 */
export const CspNonce = React.createContext<string | undefined>(undefined);
