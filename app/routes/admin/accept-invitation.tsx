import { Card, CardDescription } from "~/components/ui/card";
import { AcceptInvitationForm } from "~/features/admin/shell/staff-self-service";

export const meta = () => [{ title: "Join the admin area · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function Page() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm">
        <h1 className="text-2xl font-bold leading-tight">Join the admin area</h1>
        <CardDescription className="mb-6 mt-1">Accept your invitation by choosing a password.</CardDescription>
        <AcceptInvitationForm />
      </Card>
    </main>
  );
}
