import { toast } from "sonner";
import { demandToaster } from "./toaster-demand";

/**
 * sonner's `toast`, for every module that raises toasts: importing it asks the root to mount the
 * toast region. A toast raised before the region has mounted is kept by sonner and shown then.
 */
demandToaster();

export { toast };
