import * as React from "react";
import { Spinner } from "~/components/ui/spinner";

/** A lead form that loads on first use: a spinner in its place until its code is in. */
export function FormSuspense({ children }: { children: React.ReactNode }) {
  return (
    <React.Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label="Loading the form" />
        </div>
      }
    >
      {children}
    </React.Suspense>
  );
}
