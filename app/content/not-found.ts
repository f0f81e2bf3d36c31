/** The page served with status 404 for unknown paths. */
export const notFound = {
  code: "404",
  title: "Oops! Page not found",
  lead: "The page you're looking for doesn't exist or has moved.",
  homeLabel: "Return to Home",
} as const;
