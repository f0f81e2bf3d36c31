import { Badge } from "~/components/ui/badge";
import { contentStatusLabels, type ContentStatus } from "@shared/schemas/content";
import { formatDateTime } from "../format";

/** Tones only support the words: every status is named in text. */
const statusVariants: Record<ContentStatus, "outline" | "warning" | "success"> = {
  draft: "outline",
  scheduled: "warning",
  published: "success",
};

/** A post's status in words: Draft, Scheduled (for when, where `publishAt` is given), Published. */
export function PostStatusBadge({ status, publishAt }: { status: ContentStatus; publishAt?: string | null }) {
  const label = contentStatusLabels[status] ?? status;
  return (
    <Badge variant={statusVariants[status] ?? "outline"} className="whitespace-nowrap" data-testid="post-status">
      {status === "scheduled" && publishAt ? (
        <span>
          {label} for <time dateTime={publishAt}>{formatDateTime(publishAt)}</time>
        </span>
      ) : (
        label
      )}
    </Badge>
  );
}
