import { Card, CardDescription } from "~/components/ui/card";
import { ForgotPasswordForm } from "~/features/admin/shell/staff-self-service";

export const meta = () => [{ title: "Forgot password · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function Page() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm">
        <h1 className="text-2xl font-bold leading-tight">Forgot password</h1>
        <CardDescription className="mb-6 mt-1">We e-mail you a link to choose a new password.</CardDescription>
        <ForgotPasswordForm />
      </Card>
    </main>
  );
}
