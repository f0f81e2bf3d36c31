import { Navigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Card, CardDescription } from "~/components/ui/card";
import { adminSessionKey, fetchAdminSession } from "~/features/admin/admin-session";
import { FullPageSpinner, homeOf } from "~/features/admin/shell/admin-shell";
import { LoginForm } from "~/features/admin/shell/login-form";

export const meta = () => [{ title: "Admin login" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLoginPage() {
  // Staff already signed in go straight to their role's home.
  const session = useQuery({ queryKey: adminSessionKey, queryFn: fetchAdminSession, retry: false });
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.isSuccess) return <Navigate to={homeOf(session.data.roles)} replace />;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm">
        <h1 className="text-2xl font-bold leading-tight">Admin login</h1>
        <CardDescription className="mb-6 mt-1">Sign in with your staff account.</CardDescription>
        <LoginForm />
      </Card>
    </main>
  );
}
