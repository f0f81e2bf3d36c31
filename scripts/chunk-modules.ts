// Which source modules each client chunk holds, and who imports each module, written by the client
// build next to build/client (never served) for the checks that read what a page starts:
// tests/unit/performance-build.test.ts keeps admin code out of the public pages' start-up with it.
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** In the build directory, beside client/. */
export const CHUNK_MODULES_FILE = "chunk-modules.json";

export type ChunkModules = {
  /** Chunk file (as under build/client, "assets/shared-abc.js") → the modules bundled into it. */
  chunks: Record<string, string[]>;
  /** Module → the modules that import it, statically or dynamically (none for an entry). */
  importers: Record<string, string[]>;
};

/** Module ids as the project names them: relative to its root, without rolldown's virtual-module byte. */
function relativeId(root: string, id: string): string {
  const plain = id.replace(/^\0/, "");
  return plain.startsWith(`${root}/`) ? plain.slice(root.length + 1) : plain;
}

/** A Vite plugin: writes CHUNK_MODULES_FILE for the client build. */
export function chunkModules(): Plugin {
  let root = "";
  return {
    name: "agentdesk:chunk-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(options, bundle) {
      if (!options.dir) return;
      const rel = (id: string) => relativeId(root, id);
      const out: ChunkModules = { chunks: {}, importers: {} };
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        out.chunks[item.fileName] = item.moduleIds.map(rel);
      }
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        out.importers[rel(id)] = [...info.importers, ...info.dynamicImporters].map(rel);
      }
      fs.writeFileSync(path.join(options.dir, "..", CHUNK_MODULES_FILE), JSON.stringify(out));
    },
  };
}
