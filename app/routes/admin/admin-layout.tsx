import { Outlet } from "react-router";

export const meta = () => [{ title: "Admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Staff pages: rendered in the browser only (served from the SPA shell), never indexed. */
export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-muted">
      <Outlet />
    </div>
  );
}
