import * as React from "react";
import { fieldMessages } from "@shared/field-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "~/lib/toast";
import {
  knownTimeZones,
  routingSettingsSchema,
  weekdayLabels,
  weekdays,
  type RoutingSettings,
  type RoutingSettingsResponse,
} from "@shared/schemas/lead-routing";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { ApiError, adminJson } from "../api-client";
import { leadDeskKey } from "./leads-api";

/** The signed-in staff member's routing settings (docs/decisions/0711). */
const routingKey = [...leadDeskKey, "routing", "me"] as const;

function useRouting() {
  return useQuery({ queryKey: routingKey, queryFn: () => adminJson<RoutingSettingsResponse>("/leads/routing/me") });
}

function useSaveRouting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RoutingSettings) => adminJson<RoutingSettingsResponse>("/leads/routing/me", { method: "PUT", body: JSON.stringify(settings) }),
    onSuccess: (data) => client.setQueryData(routingKey, data),
  });
}

function standing(data: RoutingSettingsResponse): string {
  if (!data.settings.takingLeads) return "Off: new leads skip you.";
  if (!data.availableNow) return "On, but outside your working hours now: new leads skip you until they start.";
  return "On: new leads come to you in turn.";
}

/**
 * "Taking leads": each person switches themselves in or out of the rotation, joins the enterprise
 * rotation, and sets their working hours. The switch saves at once; the hours with their button.
 */
export function LeadRoutingPanel() {
  const routing = useRouting();
  const save = useSaveRouting();
  const data = routing.data;

  async function change(next: Partial<RoutingSettings>, done: string) {
    if (!data) return;
    try {
      await save.mutateAsync({ ...data.settings, ...next });
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : "Could not save your lead routing");
    }
  }

  if (!data) return null;
  const { settings } = data;
  return (
    <Card padded={false} className="grid gap-3 p-4 sm:p-5" data-testid="lead-routing">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-3">
          <Switch
            id="taking-leads"
            checked={settings.takingLeads}
            disabled={save.isPending}
            onCheckedChange={(on) => void change({ takingLeads: on }, on ? "You are taking leads" : "You are not taking leads")}
          />
          <label htmlFor="taking-leads" className="text-sm font-semibold">
            Taking leads
          </label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id="enterprise-rotation"
            checked={settings.enterpriseRotation}
            disabled={save.isPending}
            onChange={(e) => void change({ enterpriseRotation: e.target.checked }, e.target.checked ? "You take enterprise leads" : "You left the enterprise rotation")}
          />
          <label htmlFor="enterprise-rotation" className="text-sm font-medium">
            Also take enterprise-fit leads
          </label>
        </div>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="lead-routing-standing" aria-live="polite">
        {standing(data)}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Working hours: {hoursText(settings)}</summary>
        <WorkingHoursForm settings={settings} pending={save.isPending} onSave={(next) => void change(next, "Working hours saved")} />
      </details>
    </Card>
  );
}

function hoursText(s: RoutingSettings): string {
  if (s.workStart === null && s.workDays === null) return "always";
  const days = s.workDays ? s.workDays.map((d) => weekdayLabels[d]).join(", ") : "every day";
  const hours = s.workStart ? `${s.workStart}-${s.workEnd}` : "all day";
  return `${days}, ${hours} (${s.timeZone})`;
}

function WorkingHoursForm({ settings, pending, onSave }: { settings: RoutingSettings; pending: boolean; onSave: (next: RoutingSettings) => void }) {
  const zones = React.useMemo(() => knownTimeZones(), []);
  const [timeZone, setTimeZone] = React.useState(settings.timeZone);
  const [days, setDays] = React.useState<number[]>(settings.workDays ?? [...weekdays]);
  const [start, setStart] = React.useState(settings.workStart ?? "");
  const [end, setEnd] = React.useState(settings.workEnd ?? "");
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = routingSettingsSchema.safeParse({
      ...settings,
      timeZone,
      workDays: days.length === 7 ? null : days,
      workStart: start || null,
      workEnd: end || null,
    });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Working hours" className="mt-3 grid gap-4 md:grid-cols-3 md:items-start">
      <FormField id="routing-zone" label="Time zone" error={errors.timeZone}>
        {(control) => (
          <>
            <Input {...control} list="routing-zones" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} autoComplete="off" />
            <datalist id="routing-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField id="routing-start" label="From" error={errors.workStart} hint="Empty: any time of day">
        {(control) => <Input {...control} type="time" value={start} onChange={(e) => setStart(e.target.value)} />}
      </FormField>
      <FormField id="routing-end" label="To" error={errors.workEnd}>
        {(control) => <Input {...control} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />}
      </FormField>
      <fieldset className="md:col-span-3">
        <legend className="mb-2 text-sm font-medium">Working days</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {weekdays.map((d) => (
            <span key={d} className="flex items-center gap-1.5">
              <Checkbox
                id={`routing-day-${d}`}
                checked={days.includes(d)}
                onChange={(e) => setDays(e.target.checked ? [...days, d].sort() : days.filter((x) => x !== d))}
              />
              <label htmlFor={`routing-day-${d}`}>{weekdayLabels[d]}</label>
            </span>
          ))}
        </div>
        {errors.workDays ? <p className="mt-1 text-sm font-medium text-destructive">{errors.workDays}</p> : null}
      </fieldset>
      <div className="md:col-span-3">
        <Button type="submit" size="sm" disabled={pending}>
          Save working hours
        </Button>
      </div>
    </form>
  );
}
