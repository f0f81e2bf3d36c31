import { getRuntimeConfig } from "~/lib/runtime-config";
import { careersRolePath, paths } from "@shared/site-routes";
import { adminRolePath, adminRolePreviewPath } from "./studio-paths";
import type { ContentEntryDetail } from "@shared/api/content-api";
import { roleDescriptionProblems } from "@shared/content/role";
import {
  ROLE_CLOSES_MESSAGE,
  ROLE_PLACE_MAX,
  ROLE_TEAM_MAX,
  ROLE_TITLE_MAX,
  roleClosingProblem,
  roleDraftSchema,
  rolePublishSchema,
  type RoleDraftInput,
} from "@shared/schemas/content";
import { employmentTypeLabels, employmentTypes, type EmploymentType } from "@shared/content/employment-types";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { ApiError, isAuthError } from "../api-client";
import { FetchFailedCard, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { EditorActionBar, EditorAlert } from "./editor-parts";
import { useEntryEditor } from "./entry-editor";
import { EntryPublishing } from "./entry-publishing";
import { localDateTime } from "./post-form";
import { RichTextEditor } from "./rich-text-editor";
import { ROLES_API, useRefreshRoles, useRole } from "./roles-api";
import { roleClosed } from "./roles-view";

const WRITE_FAILED = "Failed to save the role";
const fields = ["title", "team", "remote", "city", "region", "country", "employmentType", "description", "applyEmail", "closesAt"] as const;
type Field = (typeof fields)[number];
/** The form as typed: the closing date in the reader's local time, as its datetime-local field holds it. */
type Values = Omit<Required<RoleDraftInput>, "employmentType"> & { employmentType: EmploymentType };

function valuesOf(draft: RoleDraftInput | null): Values {
  return {
    title: draft?.title ?? "",
    team: draft?.team ?? "",
    remote: draft?.remote ?? false,
    city: draft?.city ?? "",
    region: draft?.region ?? "",
    country: draft?.country ?? "",
    employmentType: draft?.employmentType ?? "FULL_TIME",
    description: draft?.description ?? "",
    applyEmail: draft?.applyEmail ?? "",
    closesAt: draft?.closesAt ? localDateTime(draft.closesAt) : "",
  };
}

/** The draft the server takes: the local closing time as an instant. */
function draftOf(values: Values): RoleDraftInput {
  const closes = values.closesAt === "" ? Number.NaN : new Date(values.closesAt).getTime();
  return { ...values, closesAt: values.closesAt === "" ? "" : Number.isNaN(closes) ? values.closesAt : new Date(closes).toISOString() };
}

/** A role's editor: a new one (id null) or a saved one, loaded first. */
export function RoleScreen({ id }: { id: string | null }) {
  return id ? <SavedRole id={id} /> : <RoleEditor entry={null} />;
}

function SavedRole({ id }: { id: string }) {
  const role = useRole(id);
  if (role.isPending) return <ListLoading label="Loading the role" testId="role-loading" />;
  if (role.isError || !role.data) return isAuthError(role.error) ? null : <FetchFailedCard message={role.error instanceof ApiError ? role.error.message : WRITE_FAILED} onRetry={() => void role.refetch()} />;
  return <RoleEditor entry={role.data} />;
}

/**
 * One open role (decision 0905) on the FAQ items' publishing model: Save draft, Preview, Publish
 * (one click), Unpublish, Schedule, history. Publishing asks the facts a JobPosting needs and a
 * closing date ahead; the role leaves /careers by itself at that date.
 */
export function RoleEditor({ entry: initial }: { entry: ContentEntryDetail<RoleDraftInput> | null }) {
  const { careersEmail } = getRuntimeConfig();
  const editor = useEntryEditor<RoleDraftInput, Values, Field>({
    initial,
    valuesOf,
    api: ROLES_API,
    fields,
    kind: "Role",
    writeFailed: WRITE_FAILED,
    editorPath: adminRolePath,
    previewPath: adminRolePreviewPath,
    refresh: useRefreshRoles(),
    /** The same checks as the server's; going live at `liveAt` also asks a closing date after it. */
    check(typed, liveAt, scheduled) {
      const draft = draftOf(typed);
      const result = (liveAt ? rolePublishSchema : roleDraftSchema).safeParse(draft);
      const problems: Partial<Record<Field, string>> = {};
      if (!result.success) for (const issue of result.error.issues) problems[issue.path[0] as Field] ??= issue.message;
      if (typed.closesAt !== "" && Number.isNaN(new Date(typed.closesAt).getTime())) problems.closesAt = ROLE_CLOSES_MESSAGE;
      if (result.success && liveAt) problems.closesAt ??= roleClosingProblem(result.data, liveAt, scheduled) ?? undefined;
      problems.description ??= roleDescriptionProblems(typed.description) ?? undefined;
      for (const key of Object.keys(problems) as Field[]) if (!problems[key]) delete problems[key];
      const first = fields.find((f) => problems[f]);
      if (first) document.getElementById(`role-${first}`)?.focus();
      return { draft: result.success && !first ? draft : null, problems };
    },
  });
  const { entry, values, set, errors, alert, busy, dirty, status, live, act } = editor;

  const pending = busy !== null;
  return (
    <form
      noValidate
      aria-label={entry ? "Edit role" : "New role"}
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) act("save");
      }}
    >
      <ContentBackLink to={paths.adminRoles}>Open roles</ContentBackLink>
      <EditorActionBar
        kind="Role"
        status={status}
        publishAt={entry?.publishAt}
        statusText={entry && roleClosed(entry) ? "Closed (its closing date passed)" : undefined}
        dirty={dirty}
        busy={busy}
        pending={pending}
        onPreview={() => act("preview")}
        previewSaving
        onPublish={() => act("publish")}
      />
      <EditorAlert alert={alert} testId="role-alert" />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6">
          <FormField id="role-title" label="Title" error={errors.title}>
            {(control) => <Input {...control} maxLength={ROLE_TITLE_MAX} autoComplete="off" className="font-semibold" value={values.title} onChange={(e) => set("title", e.target.value)} />}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="role-team" label="Team" error={errors.team}>
              {(control) => <Input {...control} maxLength={ROLE_TEAM_MAX} autoComplete="off" value={values.team} onChange={(e) => set("team", e.target.value)} />}
            </FormField>
            <FormField id="role-employmentType" label="Employment type" error={errors.employmentType}>
              {(control) => (
                <NativeSelect {...control} value={values.employmentType} onChange={(e) => set("employmentType", e.target.value as EmploymentType)}>
                  {employmentTypes.map((type) => (
                    <option key={type} value={type}>
                      {employmentTypeLabels[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold">Where</legend>
            <div className="flex items-center gap-2">
              <Checkbox id="role-remote" checked={values.remote} onChange={(e) => set("remote", e.target.checked)} aria-describedby="role-remote-hint" />
              <label htmlFor="role-remote" className="text-sm font-medium">
                Remote
              </label>
              <span id="role-remote-hint" className="text-sm text-muted-foreground">
                No office: Country is where applicants must live.
              </span>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField id="role-city" label="City" error={errors.city} hint={values.remote ? "Not needed for a remote role." : undefined}>
                {(control) => <Input {...control} maxLength={ROLE_PLACE_MAX} autoComplete="off" disabled={values.remote} value={values.city} onChange={(e) => set("city", e.target.value)} />}
              </FormField>
              <FormField id="role-region" label="Region or state" error={errors.region} hint="Optional.">
                {(control) => <Input {...control} maxLength={ROLE_PLACE_MAX} autoComplete="off" disabled={values.remote} value={values.region} onChange={(e) => set("region", e.target.value)} />}
              </FormField>
              <FormField id="role-country" label="Country" error={errors.country} hint={values.remote ? "Where applicants must live." : undefined}>
                {(control) => <Input {...control} maxLength={ROLE_PLACE_MAX} autoComplete="off" value={values.country} onChange={(e) => set("country", e.target.value)} />}
              </FormField>
            </div>
          </fieldset>
          <RichTextEditor
            id="role-description"
            label="Description"
            value={values.description}
            onChange={(description) => set("description", description)}
            error={errors.description}
            hint="Needed to publish: what the work is, who would fit, and what we offer."
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="role-applyEmail" label="Apply by e-mail to" error={errors.applyEmail} hint={`Empty: ${careersEmail}, the careers address.`}>
              {(control) => <Input {...control} type="email" autoComplete="off" placeholder={careersEmail} value={values.applyEmail} onChange={(e) => set("applyEmail", e.target.value)} />}
            </FormField>
            <FormField id="role-closesAt" label="Closes on" error={errors.closesAt} hint="Your local time. Needed to publish; the role leaves the site by itself then.">
              {(control) => <Input {...control} type="datetime-local" value={values.closesAt} onChange={(e) => set("closesAt", e.target.value)} />}
            </FormField>
          </div>
        </div>

        <EntryPublishing
          editor={editor}
          idPrefix="role"
          api={ROLES_API}
          notSavedText="Not saved yet: Save draft keeps it off the site, Publish lists it on /careers now."
          pending={pending}
          view={{ href: live && entry?.slug ? careersRolePath(entry.slug) : paths.careers, label: live ? "View the role" : "View /careers" }}
        />
      </div>
    </form>
  );
}
