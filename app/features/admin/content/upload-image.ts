import type { StoredImage } from "@shared/api/content-api";
import { adminJson } from "../api-client";

/**
 * POST /api/admin/content/images: the file as a form upload in the field "file". The server
 * decides by the bytes (docs/decisions/0902); a refusal is an ApiError whose fieldErrors.file says why.
 */
export function uploadImage(file: File): Promise<StoredImage> {
  const body = new FormData();
  body.append("file", file, file.name);
  return adminJson<StoredImage>("/content/images", { method: "POST", body });
}

/**
 * Where a stored image is served: its id names its largest size's file (server/platform/
 * file-storage.ts, fileUrl). A saved cover keeps only the id; this shows it again.
 */
export const storedImageUrl = (imageId: string) => `/media/${encodeURIComponent(imageId)}.webp`;
