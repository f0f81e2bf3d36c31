import { Link } from "react-router";
import { paths } from "@shared/site-routes";
import { adminRolePath } from "./studio-paths";
import type { ContentEntrySummary } from "@shared/api/content-api";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { isAuthError } from "../api-client";
import { formatDateTime } from "../format";
import { FetchFailedCard, ListEmpty, ListLoading } from "../list-states";
import { ContentBackLink } from "./content-back-link";
import { EntryCard } from "./entry-card";
import { PostStatusBadge } from "./post-status";
import { useRoleList } from "./roles-api";

export const ROLES_FETCH_FAILED = "Failed to fetch the roles";

/**
 * Whether a role closed by itself: the server took it off the site when its closing date came
 * (decision 0905) and it has not been published or scheduled since. The server says so
 * (`closedAt`); a role unpublished by hand is a draft, whatever its date. An answer without the
 * field (an instance of the release before, during a rolling deploy) shows no role as Closed.
 */
export const roleClosed = (role: Pick<ContentEntrySummary, "closedAt">): boolean => role.closedAt != null;

/** Whether this closing date is the one that closed the role (not a new one set since). */
const closedBy = (role: Pick<ContentEntrySummary, "closedAt">, closesAt: string): boolean =>
  role.closedAt != null && new Date(closesAt).getTime() <= new Date(role.closedAt).getTime();

/**
 * The open roles, newest change first, as the studio's other lists show their entries: each a
 * card with its title (a link to its editor), its status and its closing date, readable on a
 * phone without sideways scrolling.
 */
export function RolesView() {
  const list = useRoleList();
  const failed = list.isError && !isAuthError(list.error);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ContentBackLink />
        <Button asChild>
          <Link to={paths.adminRoleNew}>New role</Link>
        </Button>
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the roles" testId="roles-loading" />
      ) : failed || !list.data ? (
        <FetchFailedCard message={ROLES_FETCH_FAILED} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty title="No roles yet." hint="Add the first one with New role: /careers lists it once published." testId="roles-empty" />
      ) : (
        <ol className="grid gap-2" aria-label="Open roles, newest change first" data-testid="role-items">
          {list.data.map((role) => (
            <EntryCard key={role.id} to={adminRolePath(role.id)} name={role.draft.title}>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                {roleClosed(role) ? <Badge variant="outline">Closed</Badge> : <PostStatusBadge status={role.status} publishAt={role.publishAt} />}
                {role.draft.closesAt ? (
                  <span>
                    {closedBy(role, role.draft.closesAt) ? "Closed on" : "Closes on"}{" "}
                    <time dateTime={role.draft.closesAt}>{formatDateTime(role.draft.closesAt)}</time>
                  </span>
                ) : (
                  <span>No closing date yet</span>
                )}
              </span>
            </EntryCard>
          ))}
        </ol>
      )}
    </div>
  );
}
