export default function AdminDashboardPage() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">Admin dashboard</h1>
    </main>
  );
}
