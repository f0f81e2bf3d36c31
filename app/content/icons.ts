/**
 * Icon names the content may ask for. Content stays plain data; the marketing components map
 * each name to an inline lucide SVG (app/components/marketing/content-icon.tsx).
 */
export type IconName =
  | "bot"
  | "channels"
  | "chart"
  | "brain"
  | "phone"
  | "calendar"
  | "shield"
  | "lock"
  | "users"
  | "plug"
  | "globe"
  | "message"
  | "clock"
  | "target"
  | "heart"
  | "sparkles"
  | "handshake"
  | "scale"
  | "wrench"
  | "umbrella"
  | "book"
  | "mic"
  | "rocket"
  | "building";
