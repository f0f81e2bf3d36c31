import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { featureCardMore, featureCards } from "~/content/features";
import { cn } from "~/lib/cn";
import { ContentIcon } from "./content-icon";

/**
 * Feature cards, each linking to its feature page: all four on home and /features, the other
 * three (all but `except`, a feature page's path) under "Explore more features" on a feature page.
 */
export function FeatureCards({ except }: { except?: string } = {}) {
  const cards = featureCards.filter((card) => card.to !== except);
  return (
    <ul className={cn("grid gap-6", cards.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3")}>
      {cards.map((card) => (
        <li key={card.id} data-testid="feature-card" className="relative flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-offset-2">
          <ContentIcon name={card.icon} />
          <h3 className="mt-4 text-lg font-bold leading-tight">
            <Link to={card.to} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
              {card.title}
            </Link>
          </h3>
          <p className="mt-2 flex-1 text-[0.9375rem] text-muted-foreground">{card.description}</p>
          <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary" aria-hidden="true">
            {featureCardMore} <ArrowRight className="size-4" width={16} height={16} />
          </span>
        </li>
      ))}
    </ul>
  );
}
