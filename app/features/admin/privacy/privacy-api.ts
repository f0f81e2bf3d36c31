import { useMutation } from "@tanstack/react-query";
import type { PrivacyEraseResponse } from "@shared/api/admin-privacy-api";
import type { PrivacyEraseInput, PrivacyExportInput } from "@shared/schemas/admin-privacy";
import { adminJson, downloadAdminExport } from "../api-client";

/** Saves everything held about the address as a JSON file (the address goes in the body, never a URL). */
export function exportPersonalData(body: PrivacyExportInput): Promise<void> {
  return downloadAdminExport("/privacy/export", body, "personal-data.json");
}

export function useErasePersonalData() {
  return useMutation({
    mutationFn: (body: PrivacyEraseInput) => adminJson<PrivacyEraseResponse>("/privacy/erase", { method: "POST", body: JSON.stringify(body) }),
  });
}
