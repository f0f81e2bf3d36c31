import { Card, CardDescription } from "~/components/ui/card";
import { ResetPasswordForm } from "~/features/admin/shell/staff-self-service";

export const meta = () => [{ title: "Choose a new password · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function Page() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm">
        <h1 className="text-2xl font-bold leading-tight">Choose a new password</h1>
        <CardDescription className="mb-6 mt-1">Setting it signs you out on every device.</CardDescription>
        <ResetPasswordForm />
      </Card>
    </main>
  );
}
