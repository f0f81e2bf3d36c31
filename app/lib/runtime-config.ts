import {
  buildTimeRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from "@shared/runtime-config";

let cached: RuntimeConfig | null = null;

/**
 * The deployment's configuration, read from the JSON block the server embeds in every page.
 * While prerendering (no document) and when the block is missing, it is the build-time
 * placeholders, which the server replaces in the HTML it serves.
 */
export function getRuntimeConfig(): RuntimeConfig {
  if (typeof document === "undefined") return buildTimeRuntimeConfig;
  if (cached) return cached;
  const element = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  try {
    cached = element?.textContent
      ? { ...buildTimeRuntimeConfig, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) }
      : buildTimeRuntimeConfig;
  } catch {
    cached = buildTimeRuntimeConfig;
  }
  return cached;
}
