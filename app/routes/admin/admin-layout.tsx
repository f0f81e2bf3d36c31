import * as React from "react";
import { Outlet } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { createAdminQueryClient } from "~/features/admin/query-client";
import { prepareToasts } from "~/lib/toast";

export const meta = () => [{ title: "Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Staff pages: rendered in the browser only (served from the SPA shell), never indexed. */
export default function AdminLayout() {
  const [client] = React.useState(createAdminQueryClient);
  // Staff screens answer most actions with a toast: its region loads with them, not on the first.
  React.useEffect(() => prepareToasts(), []);
  return (
    <QueryClientProvider client={client}>
      <div className="min-h-screen bg-muted">
        <Outlet />
      </div>
    </QueryClientProvider>
  );
}
