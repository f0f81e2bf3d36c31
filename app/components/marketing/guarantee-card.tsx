import { ShieldCheck } from "lucide-react";
import { guarantee } from "~/content/pricing";
import { cn } from "~/lib/cn";
import { keepHyphenated } from "~/lib/keep-hyphenated";

export function GuaranteeCard({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-6 text-left sm:flex-row sm:gap-4", className)}>
      <ShieldCheck className="size-8 shrink-0 text-success" width={32} height={32} aria-hidden="true" />
      <div>
        <h3 className="text-lg font-bold text-foreground">{keepHyphenated(guarantee.title)}</h3>
        <p className="mt-1 text-slate-700">{guarantee.description}</p>
      </div>
    </div>
  );
}
