import type * as React from "react";
import {
  Bot,
  BookOpen,
  Brain,
  Building2,
  Calendar,
  ChartColumn,
  Clock,
  Globe,
  Handshake,
  Heart,
  Layers,
  Lock,
  MessageSquare,
  Mic,
  Phone,
  Plug,
  Rocket,
  Scale,
  Shield,
  Sparkles,
  Target,
  Umbrella,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import type { IconName } from "~/content/icons";
import { cn } from "~/lib/cn";

const icons: Record<IconName, LucideIcon> = {
  bot: Bot,
  channels: Layers,
  chart: ChartColumn,
  brain: Brain,
  phone: Phone,
  calendar: Calendar,
  shield: Shield,
  lock: Lock,
  users: Users,
  plug: Plug,
  globe: Globe,
  message: MessageSquare,
  clock: Clock,
  target: Target,
  heart: Heart,
  sparkles: Sparkles,
  handshake: Handshake,
  scale: Scale,
  wrench: Wrench,
  umbrella: Umbrella,
  book: BookOpen,
  mic: Mic,
  rocket: Rocket,
  building: Building2,
};

/** A decorative icon in a soft accent tile, with fixed dimensions so nothing shifts. */
export function ContentIcon({
  name,
  size = "md",
  className,
}: {
  name: IconName;
  size?: "md" | "lg";
  className?: string;
}): React.ReactElement {
  const Icon = icons[name];
  return (
    <span className={cn(size === "lg" ? "size-14" : "size-11", "inline-flex shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary", className)}>
      <Icon className="size-5" width={20} height={20} aria-hidden="true" />
    </span>
  );
}
