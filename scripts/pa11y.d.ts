// The part of pa11y 9's API that scripts/check-a11y.ts uses (the package ships no types).
declare module "pa11y" {
  export type Pa11yIssue = {
    code: string;
    type: "error" | "warning" | "notice";
    typeCode: number;
    message: string;
    context: string | null;
    selector: string;
    runner: string;
  };
  export type Pa11yResults = { documentTitle: string; pageUrl: string; issues: Pa11yIssue[] };
  export type Pa11yOptions = {
    /** A browser pa11y opens its page in (and leaves open), instead of launching one per call. */
    browser?: unknown;
    /** Steps before the check, such as "wait for element <selector> to be added". */
    actions?: string[];
    runners?: ("htmlcs" | "axe")[];
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
    viewport?: { width: number; height: number; isMobile?: boolean; hasTouch?: boolean; deviceScaleFactor?: number };
    timeout?: number;
    wait?: number;
    includeWarnings?: boolean;
    includeNotices?: boolean;
  };
  export default function pa11y(url: string, options?: Pa11yOptions): Promise<Pa11yResults>;
}
