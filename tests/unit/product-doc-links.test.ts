import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments, tests and decision records cite the requirements by the GitHub anchor of a heading
 * of docs/product.md: `docs/product.md#validation-rules` in text, a path relative to the file in
 * a Markdown link. This test fails when one of those anchors does not exist, so renaming a heading
 * means updating what cites it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const productDoc = path.join(root, "docs/product.md");

/** Folders that are not the repository's own text (the .gitignore list, plus .git). */
const skippedDirs = new Set([".git", "node_modules", ".react-router", "data", "test-results", "playwright-report", "tmp"]);
const skipDir = (name: string) => skippedDirs.has(name) || name === "build" || name.startsWith("build-");
const textFile = /\.(?:[cm]?[jt]sx?|md|json|ya?ml|sh|css|html)$|^Dockerfile$/;

function repositoryFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipDir(entry.name) ? [] : repositoryFiles(full);
    return textFile.test(entry.name) && entry.name !== "package-lock.json" ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation removed, spaces to hyphens. */
function githubAnchor(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image counts by its text
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown document's headings; a repeated heading gets -1, -2, ... as on GitHub. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === null || fenceMark.startsWith(fence))) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = githubAnchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

type Reference = { file: string; line: number; text: string; anchor: string; target: string | null };

/**
 * Every citation of docs/product.md in a file. In a Markdown link the path is relative to the
 * file; in plain text (comments) it is written from the repository root, as `docs/product.md`.
 * Inside docs/product.md, `](#anchor)` links to its own headings.
 */
function productReferences(file: string, text: string): Reference[] {
  const refs: Reference[] = [];
  const relative = path.relative(root, file);
  text.split("\n").forEach((lineText, index) => {
    for (const m of lineText.matchAll(/(\]\()?([\w./-]*?)product\.md#([\p{L}\p{N}_-]*)/gu)) {
      const [whole, link, prefix = "", anchor = ""] = m;
      const target = link ? path.resolve(path.dirname(file), `${prefix}product.md`) : prefix === "docs/" ? productDoc : null;
      refs.push({ file: relative, line: index + 1, text: whole.replace(/^\]\(/, ""), anchor, target });
    }
    if (file === productDoc) {
      for (const m of lineText.matchAll(/\]\(#([^)\s]*)\)/g)) {
        refs.push({ file: relative, line: index + 1, text: `#${m[1]}`, anchor: m[1] ?? "", target: productDoc });
      }
    }
  });
  return refs;
}

describe("links to docs/product.md", () => {
  const anchors = headingAnchors(fs.readFileSync(productDoc, "utf8"));
  const references = repositoryFiles(root).flatMap((file) => productReferences(file, fs.readFileSync(file, "utf8")));

  it("computes anchors as GitHub does", () => {
    expect(githubAnchor("Assign-role form")).toBe("assign-role-form");
    expect(githubAnchor("Q&A: what's `new`?")).toBe("qa-whats-new");
    expect([...headingAnchors("# A\n## Toasts\n```\n# not a heading\n```\n### Toasts\n")]).toEqual(["a", "toasts", "toasts-1"]);
    expect(anchors).toContain("validation-rules");
    expect(anchors).toContain("admin-login");
  });

  it("finds the citations (the scan is not empty)", () => {
    expect(references.filter((r) => r.file !== "docs/product.md").length).toBeGreaterThan(50);
    // Built from parts, so that the scan of this file does not find the made-up anchor.
    const cite = (anchor: string) => `(docs/product.md${"#"}${anchor})`;
    expect(productReferences(productDoc, `see ${cite("toasts")}.`).map((r) => anchors.has(r.anchor))).toEqual([true]);
    expect(productReferences(productDoc, cite("no-such-heading")).map((r) => anchors.has(r.anchor))).toEqual([false]);
  });

  it("every citation names docs/product.md and one of its headings", () => {
    const problems = references.flatMap((r) => {
      const where = `${r.file}:${r.line}: ${r.text}`;
      if (r.target !== productDoc) return [`${where}: not a path to docs/product.md (in text, write it from the repository root; in a Markdown link, relative to the file)`];
      if (!anchors.has(r.anchor)) return [`${where}: docs/product.md has no heading with the anchor #${r.anchor}`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});
