import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("careers", "routes/careers.tsx"),
    route("features", "routes/features/index.tsx"),
    route("features/agentic-automation", "routes/features/agentic-automation.tsx"),
    route("features/omnichannel", "routes/features/omnichannel.tsx"),
    route("features/analytics", "routes/features/analytics.tsx"),
    route("features/ai-guru", "routes/features/ai-guru.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("compare", "routes/compare.tsx"),
    route("faq", "routes/faq.tsx"),
    route("contact", "routes/contact.tsx"),
    route("book", "routes/book.tsx"),
    route("enterprise", "routes/enterprise.tsx"),
    route("industries/law", "routes/industries/law.tsx"),
    route("industries/trades", "routes/industries/trades.tsx"),
    route("industries/insurance", "routes/industries/insurance.tsx"),
    route("booking-success", "routes/booking-success.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  ...prefix("admin", [
    layout("routes/admin/admin-layout.tsx", [
      index("routes/admin/index.tsx"),
      route("login", "routes/admin/login.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("bookings", "routes/admin/bookings.tsx"),
      route("users", "routes/admin/users.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
