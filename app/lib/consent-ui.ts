import * as React from "react";

/**
 * What the page's chrome may ask of the consent feature (app/features/consent/consent-banner.tsx
 * provides it): here so the footer's "Cookie settings" reaches it without importing the feature.
 */
export type ConsentUi = { openPreferences: () => void };

export const ConsentUiContext = React.createContext<ConsentUi>({
  openPreferences: () => {},
});

/** Opens the consent preferences (the footer's "Cookie settings"). */
export function useConsentUi(): ConsentUi {
  return React.useContext(ConsentUiContext);
}
