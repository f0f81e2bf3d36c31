import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Download, Trash2 } from "lucide-react";
import { toast } from "~/lib/toast";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import { privacyEraseSchema, privacyExportSchema, type PrivacyEraseInput, type PrivacyExportInput } from "@shared/schemas/admin-privacy";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ApiError } from "../api-client";
import { exportPersonalData, useErasePersonalData } from "./privacy-api";

/**
 * A person's data on request (docs/decisions/0706): export everything held about an e-mail address
 * as a file, or erase it. Both check the address with the server's own schema first.
 */
export function PrivacyView() {
  return (
    <div className="grid max-w-2xl gap-6">
      <ExportCard />
      <EraseCard />
    </div>
  );
}

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

function ExportCard() {
  const form = useForm<PrivacyExportInput>({ resolver: zodResolver(privacyExportSchema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await exportPersonalData(values);
      toast.success("Export downloaded");
    } catch (error) {
      toast.error(failure(error, "Could not export the data"));
    }
  });
  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Export a person's data</CardTitle>
        <CardDescription className="mt-1">
          A JSON file of every lead with this address, from every form: what they sent, their consent, the timeline and notes, the notifications about them, and the
          audit log's entries that hold the address (failed sign-ins with it, exports searched for it).
        </CardDescription>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField id="privacy-export-email" label="E-mail address" error={form.formState.errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} {...form.register("email")} />}
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
          <Download aria-hidden="true" />
          {form.formState.isSubmitting ? "Exporting..." : "Export"}
        </Button>
      </form>
    </Card>
  );
}

function EraseCard() {
  const erase = useErasePersonalData();
  const [result, setResult] = React.useState<PrivacyEraseResponse | null>(null);
  const form = useForm<PrivacyEraseInput>({ resolver: zodResolver(privacyEraseSchema), defaultValues: { email: "", confirmEmail: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setResult(await erase.mutateAsync(values));
      form.reset({ email: "", confirmEmail: "" });
      toast.success("Data erased");
    } catch (error) {
      toast.error(failure(error, "Could not erase the data"));
    }
  });
  return (
    <Card className="grid gap-4">
      <div>
        <CardTitle>Erase a person's data</CardTitle>
        <CardDescription className="mt-1">
          Deletes every lead with this address, its timeline and notes, and any notification not yet sent, and replaces the address in the audit log with
          &ldquo;[erased]&rdquo;. This cannot be undone; export first if the person asked for a copy.
        </CardDescription>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="privacy-erase-email" label="E-mail address" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} {...form.register("email")} />}
        </FormField>
        <FormField id="privacy-erase-confirm" label="The same address again" error={errors.confirmEmail?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" spellCheck={false} {...form.register("confirmEmail")} />}
        </FormField>
        <div>
          <Button type="submit" variant="outline" className="border-destructive text-destructive hover:bg-muted" disabled={erase.isPending}>
            <Trash2 aria-hidden="true" />
            {erase.isPending ? "Erasing..." : "Erase"}
          </Button>
        </div>
      </form>
      {result ? (
        <div role="status" className="grid gap-1 rounded-md border border-border p-3 text-sm" data-testid="privacy-erase-result">
          <p className="font-medium">
            Erased {result.erased.leads} {result.erased.leads === 1 ? "lead" : "leads"}, {result.erased.timelineEntries} timeline entries and {result.erased.notifications}{" "}
            notification records.
          </p>
          <p>
            The address was replaced in {result.erased.auditEntries} audit log {result.erased.auditEntries === 1 ? "entry" : "entries"}.
          </p>
          <p className="text-muted-foreground">{result.leftToThirdParties}</p>
        </div>
      ) : null}
    </Card>
  );
}
