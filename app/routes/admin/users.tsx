export default function AdminUsersPage() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">Admin users</h1>
    </main>
  );
}
