/**
 * sonner's `toast`, for every module that raises toasts; the root mounts the toast region
 * (app/components/ui/toaster.tsx) on every page.
 */
export { toast } from "sonner";
