import { Link } from "react-router";
import { brand } from "~/content/brand";
import { paths } from "@shared/site-routes";

export function SiteLogo({ className = "" }: { className?: string }) {
  return (
    <Link to={paths.home} className={`flex items-center gap-2 rounded-md font-bold text-foreground focus-visible:outline-offset-4 ${className}`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M9 20.5c0-4.7 3.1-8.5 7-8.5s7 3.8 7 8.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="16" cy="21" r="2.4" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">{brand.name}</span>
      <span className="sr-only">home</span>
    </Link>
  );
}
