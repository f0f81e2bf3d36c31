import * as React from "react";
import { Trash2 } from "lucide-react";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "@shared/schemas/content-image";
import { IMAGE_ALT_MAX } from "@shared/schemas/content";
import type { StoredImage } from "@shared/api/content-api";
import { Button } from "~/components/ui/button";
import { FieldMessage, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/cn";
import { ApiError } from "../api-client";
import { storedImageUrl, uploadImage } from "./upload-image";

export type CoverValue = { imageId: string; alt: string } | null;

export const UPLOAD_FAILED = "The image could not be uploaded. Try again.";
const acceptedTypes = IMAGE_ACCEPT.split(",");

/**
 * What the picker's file would be refused for before it is sent: too large, or plainly no image
 * the server takes. The server still decides by the bytes (a PDF named photo.jpg passes here).
 */
export function fileProblem(file: Pick<File, "size" | "type">): string | null {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.size;
  if (file.type !== "" && !acceptedTypes.includes(file.type)) return IMAGE_MESSAGES.type;
  return null;
}

/** Uploads a chosen file: the stored image, or the message to show under the field. */
export async function uploadChosenFile(file: File): Promise<{ ok: true; image: StoredImage } | { ok: false; message: string }> {
  const problem = fileProblem(file);
  if (problem) return { ok: false, message: problem };
  try {
    return { ok: true, image: await uploadImage(file) };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError ? (error.fieldErrors.file ?? (error.message || UPLOAD_FAILED)) : UPLOAD_FAILED };
  }
}

/**
 * "Cover image": a real file input that uploads on choose; once there is an image, the image, its
 * "Alt text" (needed to publish) and a way to remove it. An upload's refusal shows under the field.
 */
export function CoverImageField({
  value,
  onChange,
  altError,
  serverError,
  onUploadingChange,
  id = "post-cover",
  label = "Cover image",
}: {
  /** The file input's id, and the stem of its alt text's and messages' ids. */
  id?: string;
  label?: string;
  value: CoverValue;
  onChange: (value: CoverValue) => void;
  /** Told when an upload starts and ends: the page's writes wait for it, or they would leave the image out. */
  onUploadingChange?: (uploading: boolean) => void;
  altError?: string;
  /** The server's message about the file (fieldErrors.file of a save). */
  serverError?: string;
}) {
  const [uploading, setUploading] = React.useState(false);
  const [fileError, setFileError] = React.useState<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const error = fileError ?? serverError;

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileError(null);
    setUploading(true);
    onUploadingChange?.(true);
    const result = await uploadChosenFile(file);
    setUploading(false);
    onUploadingChange?.(false);
    // The picker is emptied either way: the image shown below is the cover, and choosing the same file again uploads again.
    if (input.current) input.current.value = "";
    if (!result.ok) {
      setFileError(result.message);
      return;
    }
    // A new image needs its own description.
    onChange({ imageId: result.image.id, alt: "" });
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(event) => void choose(event)}
          disabled={uploading}
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          className={cn(
            "block w-full min-w-0 rounded-md text-sm text-muted-foreground",
            "file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-border file:bg-background file:px-3 file:text-sm file:font-semibold file:text-foreground hover:file:bg-muted",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-60",
          )}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          JPEG, PNG or WebP, up to 10 MB. {value ? "Choosing another replaces it." : "Optional."}
        </p>
        {uploading ? <Spinner label="Uploading the image" className="[&_svg]:size-5" /> : null}
        {error ? <FieldMessage id={errorId}>{error}</FieldMessage> : null}
      </div>
      {value ? (
        <div className="grid gap-3" data-testid="post-cover-preview">
          <img
            src={storedImageUrl(value.imageId)}
            alt={value.alt}
            className="aspect-[16/9] w-full rounded-lg border border-border bg-muted object-cover"
          />
          <FormField id={`${id}-alt`} label="Alt text" error={altError} hint="What the image shows, for people who cannot see it. Needed to publish.">
            {(control) => (
              <Input {...control} value={value.alt} maxLength={IMAGE_ALT_MAX} onChange={(event) => onChange({ ...value, alt: event.target.value })} />
            )}
          </FormField>
          <Button type="button" variant="outline-destructive" size="sm" className="justify-self-start" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            Remove image
          </Button>
        </div>
      ) : null}
    </div>
  );
}
