import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * ESLint's import-x/no-cycle (eslint.config.js) finds the cycles that exist at run time but skips
 * `import type`, which TypeScript erases. A cycle through types still tangles two modules (the
 * route modules once imported server/app.ts for its AppEnv type while app.ts imported them), so
 * this test walks every import, types included, as the compiler resolves them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
    });
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return info.importedFiles
    .map(({ fileName }) => ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule?.resolvedFileName)
    .filter((resolved): resolved is string => Boolean(resolved) && !resolved!.includes("node_modules") && resolved!.startsWith(root));
}

/** Every cycle, each as the chain of files that closes it. */
function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "visiting") cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("module graph", () => {
  it("has no import cycle in app/, server/ or shared/, type-only imports included", () => {
    const files = ["app", "server", "shared"].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(findCycles(files)).toEqual([]);
  });

  it("finds a cycle through a type-only import", () => {
    const dir = fs.mkdtempSync(path.join(root, "tmp-cycle-"));
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = { b?: B };\n');
      fs.writeFileSync(path.join(dir, "b.ts"), 'import type { A } from "./a";\nexport type B = { a?: A };\n');
      expect(findCycles(sourceFiles(dir))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
