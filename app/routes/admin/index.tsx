import { Navigate } from "react-router";
import { paths } from "@shared/site-routes";

/** /admin opens the dashboard, whose guard sends visitors without a session to the login page. */
export default function AdminIndex() {
  return <Navigate to={paths.adminDashboard} replace />;
}
