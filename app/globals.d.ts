/** The year the site was built (vite `define`), used to hydrate prerendered copyright lines. */
declare const __BUILD_YEAR__: number;
