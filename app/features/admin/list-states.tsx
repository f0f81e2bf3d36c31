import type * as React from "react";
import { RotateCw } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";

/*
 * What an admin list or page shows where its data would be while it has none: loading, the
 * request failed (Try again), or the server refused the query (why, and a way back to a list).
 */

/** The spinner where the list will be, named for screen readers. */
export function ListLoading({ label, testId }: { label: string; testId?: string }) {
  return (
    <div className="flex justify-center py-16" data-testid={testId}>
      <Spinner label={label} />
    </div>
  );
}

/** A message in place of the list, announced, with one way on. */
function ListAlert({ message, testId, children }: { message: React.ReactNode; testId?: string; children: React.ReactNode }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3" role="alert" data-testid={testId}>
      <p className="font-medium text-destructive">{message}</p>
      {children}
    </Card>
  );
}

/** Where a list would be when its request failed: the message and Try again. */
export function FetchFailedCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ListAlert message={message}>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </ListAlert>
  );
}

/** Where a list would be when the server refused its query: why, and the action back to a list. */
export function RefusedCard({ message, action, onAction, testId }: { message: React.ReactNode; action: string; onAction: () => void; testId: string }) {
  return (
    <ListAlert message={message} testId={testId}>
      <Button variant="outline" onClick={onAction}>
        {action}
      </Button>
    </ListAlert>
  );
}

/** An empty list: what is (not) there, and what would bring something. */
export function ListEmpty({ title, hint, testId }: { title: string; hint: React.ReactNode; testId: string }) {
  return (
    <Card className="py-12 text-center" data-testid={testId}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
    </Card>
  );
}
