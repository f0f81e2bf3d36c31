import { RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** Where a list would be when its request failed: the message and Try again. */
export function FetchFailedCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3" role="alert">
      <p className="font-medium text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
