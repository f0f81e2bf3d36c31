import { AdminShell } from "~/features/admin/shell/admin-shell";
import { BookingsView } from "~/features/admin/bookings/bookings-view";

export const meta = () => [{ title: "Bookings · Admin" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminBookingsPage() {
  return <AdminShell title="Bookings">{() => <BookingsView />}</AdminShell>;
}
