import { IMAGE_ACCEPT } from "@shared/schemas/content-image";
import { toast } from "~/lib/toast";
import { uploadChosenFile } from "./cover-image-field";
import type { PickedImage } from "./rich-text-editor";

/**
 * The Body's Image button: the system's file picker, then the upload; the editor asks for the
 * alt text next. Null when the person cancels or the upload is refused (its message in a toast,
 * since the body has no field of its own for it).
 */
export function pickBodyImage(): Promise<PickedImage | null> {
  return new Promise((resolve) => {
    const picker = document.createElement("input");
    picker.type = "file";
    picker.accept = IMAGE_ACCEPT;
    picker.addEventListener("cancel", () => resolve(null));
    picker.addEventListener("change", () => {
      const file = picker.files?.[0];
      if (!file) return resolve(null);
      void uploadChosenFile(file).then((result) => {
        if (result.ok) return resolve({ src: result.image.url });
        toast.error(result.message);
        resolve(null);
      });
    });
    picker.click();
  });
}
