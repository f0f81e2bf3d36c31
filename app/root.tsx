import * as React from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { Spinner } from "~/components/ui/spinner";
import { Toaster } from "~/components/ui/toaster";
import { collectPageView } from "~/lib/collector";
import { beforeHydrationScript } from "~/lib/before-hydration";
import { CspNonce } from "~/lib/csp-nonce";
import "./app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  // A page rendered on request allows its inline scripts by nonce (React Router's own take it from
  // <ServerRouter>); a prerendered page by hash.
  const nonce = React.useContext(CspNonce);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        {/* First in the page: holds a lead form's submit made before its code is in (app/lib/before-hydration.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: beforeHydrationScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it: from then on a click anywhere on the page
  // reaches React (a part still dehydrated hydrates at once for it). The end-to-end tests wait
  // for it instead of guessing with timeouts; stylesheets may use it too.
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  // The site counts its own page views, the first and each client-side navigation's; nothing is
  // sent before the load event and an idle moment (app/lib/collector.ts, docs/decisions/0801).
  const { pathname } = useLocation();
  React.useEffect(() => collectPageView(), [pathname]);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/** Shown by the SPA shell (admin pages) until the client has rendered. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please reload the page.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    detail = error.status === 404 ? "The page you requested does not exist." : detail;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{detail}</p>
      <a href="/" className="font-semibold text-primary underline">
        Return to Home
      </a>
    </main>
  );
}
