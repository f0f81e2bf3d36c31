import { createContext } from "react-router";
import type { LeadIntake } from "@shared/lead-intake";
import type { RuntimeConfig } from "@shared/runtime-config";
import { emptySiteContent, type SiteContent } from "@shared/content/site-content";

/*
 * What the server hands React Router's render through the router context (the types are in
 * shared/, the keys here: shared/ imports no framework). The server reads these keys from React
 * Router's server build, which app/entry.server.tsx re-exports: that build and the server's own
 * bundle would each hold a copy of a module both imported, and a context key is matched by identity.
 */

/** A lead page's route action's lead intake for the request (docs/decisions/0501). */
export const leadIntakeContext = createContext<LeadIntake | null>(null);

/**
 * The deployment's configuration, which a prerendered page has only as placeholders: the
 * thank-you state's scheduler links need the real URLs.
 */
export const runtimeConfigContext = createContext<RuntimeConfig | null>(null);

/**
 * The Content-Security-Policy nonce of a page rendered on request (the answer to a native form
 * post): the server makes one per answer, and every inline script of the render carries it. Null
 * when prerendering: static pages allow their inline scripts by hash instead.
 */
export const cspNonceContext = createContext<string | null>(null);

/**
 * The published content the public pages' loaders read (docs/decisions/0903). While the build
 * prerenders, nothing is published.
 */
export const siteContentContext = createContext<SiteContent>(emptySiteContent);
