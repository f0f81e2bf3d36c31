// A second accessibility engine beside the axe-core checks of the end-to-end suite: pa11y with
// HTML_CodeSniffer, WCAG 2 AA, over every public page of the built site served by the real
// server, at desktop and phone widths (the pages show different markup at each). The engines
// differ: HTML_CodeSniffer reports, for instance, tables whose headers need `headers`/`id`
// associations and forms without a submit button, which axe does not. Run it after changes to
// markup; it is not part of `npm test` (about 40 page loads in one browser):
//   npm run build && npm run check:a11y [path ...]
// Exits 1 when it finds an error, after listing each with its page, widths, rule and element.
import { createRequire } from "node:module";
import pa11y, { type Pa11yIssue } from "pa11y";
import type { PuppeteerNode } from "puppeteer";
import { paths, publicPaths } from "../shared/site-routes";
import { spawnServer } from "../tests/support/spawn-server";
import { chromiumArgs, noThirdPartyHostsArg, systemChromium } from "../tests/support/chromium";

// Every page a visitor reaches without signing in: the public site and the staff login.
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...publicPaths, paths.adminLogin];
const widths = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "390", viewport: { width: 390, height: 844, isMobile: true, hasTouch: true } },
];

/**
 * Each page is checked as a visitor meets it once it has loaded: hydrated (the root marks <html>),
 * and for the staff login, whose page is rendered in the browser (with its title), the form shown.
 */
const readyWhen: Record<string, string[]> = { [paths.adminLogin]: ["#admin-email"] };
const waits = (route: string) =>
  ["html[data-hydrated]", ...(readyWhen[route] ?? [])].map((selector) => `wait for element ${selector} to be added`);

/**
 * Reports checked and found wrong. H98 ("Invalid autocomplete value: username. Element does not
 * belong to Text control group") fires on the login's e-mail field: `autocomplete="username"` on
 * an `type="email"` input is valid HTML and what password managers need there, but
 * HTML_CodeSniffer's table allows `username` on text inputs only.
 */
const falsePositives: { code: RegExp; message: RegExp }[] = [
  { code: /\.H98$/, message: /^Invalid autocomplete value: username\. Element does not belong to Text control group/ },
];
const isFalsePositive = (issue: Pa11yIssue) =>
  falsePositives.some((known) => known.code.test(issue.code) && known.message.test(issue.message));

// One browser for every page (a launch per page took longer than the check itself): the Puppeteer
// pa11y depends on, resolved through pa11y so that the two always match.
const puppeteer = createRequire(createRequire(import.meta.url).resolve("pa11y"))("puppeteer") as { default: PuppeteerNode };
const browser = await puppeteer.default.launch({ executablePath: systemChromium, args: [...chromiumArgs, noThirdPartyHostsArg] });
const server = await spawnServer({ env: { DATABASE_URL: undefined } });
// route, rule and element -> the issue and the widths it was seen at.
const found = new Map<string, { route: string; issue: Pa11yIssue; widths: string[] }>();
let ignored = 0;
try {
  for (const route of routes) {
    for (const { name, viewport } of widths) {
      const results = await pa11y(server.url + route, {
        runners: ["htmlcs"],
        standard: "WCAG2AA",
        viewport,
        actions: waits(route),
        timeout: 120_000,
        browser,
      });
      for (const issue of results.issues) {
        if (issue.type !== "error") continue;
        if (isFalsePositive(issue)) {
          ignored += 1;
          continue;
        }
        const key = `${route} ${issue.code} ${issue.selector}`;
        const entry = found.get(key) ?? { route, issue, widths: [] };
        entry.widths.push(name);
        found.set(key, entry);
      }
    }
    const here = [...found.values()].filter((entry) => entry.route === route);
    console.log(`${here.length === 0 ? "ok  " : "FAIL"} ${route}${here.length === 0 ? "" : `: ${here.length} error(s)`}`);
    for (const { issue, widths: seenAt } of here) {
      console.log(`  ${issue.code} (${seenAt.join(" and ")} px)\n    ${issue.selector}\n    ${issue.message}`);
      if (issue.context) console.log(`    ${issue.context.slice(0, 200)}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const pages = routes.length * widths.length;
console.log(`\npa11y/HTML_CodeSniffer WCAG2AA: ${found.size} error(s) on ${pages} page loads; ${ignored} known false positive(s) skipped.`);
process.exitCode = found.size > 0 ? 1 : 0;
