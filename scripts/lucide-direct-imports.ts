// Rewrites `import { Bell, X as Close } from "lucide-react"` in the app's modules into one import
// per icon module (`import Bell from "lucide-react/icons/bell"`). Through the package's index,
// every icon's only importer is the index, so the module graph cannot tell an icon only the
// staff screens draw from one every page draws; with direct imports it can, and the chunk groups
// (vite.config.ts) leave admin-only icons out of the public pages' framework chunk, and the
// admin-code check (tests/unit/performance-build.test.ts) sees them as admin code.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/** Every name the package's index exports for an icon → the icon's module under `lucide-react/icons/`. */
function iconModules(): Map<string, string> {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const index = fs.readFileSync(path.join(packageDir, "dist/esm/lucide-react.mjs"), "utf8");
  const modules = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const name of names.matchAll(/default as (\w+)/g)) modules.set(name[1], file);
  }
  if (modules.size < 1000) throw new Error(`lucide-direct-imports: read only ${modules.size} icon names from lucide-react's index`);
  return modules;
}

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

export function lucideDirectImports(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: "agentdesk:lucide-direct-imports",
    // The browser's build only: the server renders with the package as Node resolves it.
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      // After TypeScript is stripped (type-only imports are gone), in the app's own modules.
      filter: { id: { exclude: /node_modules/ }, code: "lucide-react" },
      handler(code) {
        modules ??= iconModules();
        const known = modules;
        let changed = false;
        const out = code.replace(NAMED_IMPORT, (statement, list: string) => {
          const rest: string[] = [];
          const direct: string[] = [];
          for (const specifier of list.split(",").map((s) => s.trim()).filter(Boolean)) {
            const [imported, local = imported] = specifier.split(/\s+as\s+/);
            const file = known.get(imported);
            if (file) direct.push(`import ${local} from "lucide-react/icons/${file}";`);
            else rest.push(specifier);
          }
          if (direct.length === 0) return statement;
          changed = true;
          return [...direct, ...(rest.length ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join("\n");
        });
        return changed ? { code: out, map: null } : null;
      },
    },
  };
}
