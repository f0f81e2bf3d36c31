import { describe, expect, it } from "vitest";
import { inlineScriptHashes, renderHtml, robotsTxt, sitemapXml } from "../../server/static-site";
import { acceptsEncoding } from "../../server/routes/static-handler";
import { buildTimeRuntimeConfig, runtimeConfigPlaceholders } from "../../shared/runtime-config";
import { publicPaths, unindexedPaths } from "../../shared/site-routes";

const runtime = {
  ...buildTimeRuntimeConfig,
  publicUrl: "https://agents.example.com",
  demoSchedulerUrl: "https://calendly.com/acme/30min",
  enterpriseSchedulerUrl: "https://calendly.com/acme/enterprise",
  merchUrl: "https://shop.example.com/?a=1&b=2",
  careersEmail: "jobs@example.com",
  supportEmail: "help@example.com",
  supportPhone: "(555) 010-0100",
  recaptchaSiteKey: "site-key</script><script>alert(1)</script>",
};

describe("renderHtml", () => {
  const html = `<html><head><link rel="canonical" href="${runtimeConfigPlaceholders.publicUrl}/pricing"/></head><body><a href="${runtimeConfigPlaceholders.merchUrl}">Merch</a></body></html>`;
  const out = renderHtml(html, runtime);

  it("replaces every placeholder with the deployment's value, attribute-escaped", () => {
    expect(out).toContain('href="https://agents.example.com/pricing"');
    expect(out).toContain('href="https://shop.example.com/?a=1&amp;b=2"');
    expect(out).not.toContain("placeholder.invalid");
  });

  it("embeds the runtime config as JSON that cannot close its script element", () => {
    const block = out.match(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain("</script>");
    expect(JSON.parse(block!).recaptchaSiteKey).toBe(runtime.recaptchaSiteKey);
  });

  it("writes values holding replacement patterns ($', $&, $1) as they are", () => {
    const tricky = { ...runtime, supportPhone: "$' $& $1 $$ $`", merchUrl: "https://shop.example.com/?q=$'&r=$&" };
    const rendered = renderHtml(html, tricky);
    const block = rendered.match(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(block!).supportPhone).toBe("$' $& $1 $$ $`");
    expect(JSON.parse(block!).merchUrl).toBe("https://shop.example.com/?q=$'&r=$&");
    expect(rendered).toContain('href="https://shop.example.com/?q=$\'&amp;r=$&amp;"');
    // The document once: nothing after </head> copied into it, nothing before it either.
    expect(rendered.match(/<\/head>/g)).toHaveLength(1);
    expect(rendered.match(/<html>/g)).toHaveLength(1);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes executable inline scripts only", () => {
    const hashes = inlineScriptHashes(
      `<script>console.log(1)</script><script src="/a.js"></script><script type="application/json">{}</script><script type="application/ld+json">{}</script>`,
    );
    // echo -n 'console.log(1)' | openssl dgst -sha256 -binary | base64
    expect(hashes).toEqual(["'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("disallows the admin area and points at the sitemap", () => {
    const robots = robotsTxt("https://agents.example.com");
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toContain("Sitemap: https://agents.example.com/sitemap.xml");
  });

  it("lists the public pages with absolute URLs", () => {
    const xml = sitemapXml("https://agents.example.com");
    expect(xml).toContain("<loc>https://agents.example.com/</loc>");
    expect(xml).toContain("<loc>https://agents.example.com/pricing</loc>");
    expect(xml).not.toContain("/admin");
    // /booking-success and /book-demo are not indexed.
    expect(xml.match(/<loc>/g)).toHaveLength(publicPaths.length - unindexedPaths.length);
    for (const path of unindexedPaths) expect(xml).not.toContain(`<loc>https://agents.example.com${path}</loc>`);
  });
});

describe("acceptsEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br", true],
    ["gzip, deflate", "br", false],
    ["br;q=0, gzip", "br", false],
    ["br;q=0.5", "br", true],
    ["*", "gzip", true],
    ["", "gzip", false],
  ])("%j accepts %s: %s", (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });
});
