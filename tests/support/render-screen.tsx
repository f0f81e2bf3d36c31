import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";

/**
 * An admin screen's markup as it first renders, with the queries it reads already answered, for
 * component tests: each [key, value] of `data` is put in a fresh query client (a query left out is
 * still loading), and the router is at `url`.
 */
export function renderScreen(node: ReactNode, { data = [], url = "/" }: { data?: [QueryKey, unknown][]; url?: string } = {}): string {
  const client = new QueryClient();
  for (const [key, value] of data) client.setQueryData(key, value);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Numbers and units are joined by no-break spaces in the markup; tests read plain ones. */
export const plainSpaces = (html: string) => html.replaceAll("\u00a0", " ");
