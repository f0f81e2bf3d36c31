import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The image cannot be built on these machines (no Docker engine); these checks keep its few
// promises from drifting: a supported Node LTS, no transpiling at start, not running as root.
const dockerfile = fs.readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
const instructions = dockerfile
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

describe("the production image", () => {
  it("builds and runs on a Node LTS line that is still supported (even major, 22 or later)", () => {
    const majors = instructions.filter((line) => line.startsWith("FROM ")).map((line) => Number(/node:(\d+)/.exec(line)?.[1]));
    expect(majors.length).toBeGreaterThan(0);
    for (const major of majors) {
      expect(major % 2).toBe(0);
      expect(major).toBeGreaterThanOrEqual(22);
    }
  });

  it("runs the compiled server as an unprivileged user", () => {
    const final = instructions.slice(instructions.findLastIndex((line) => line.startsWith("FROM ")));
    expect(final.filter((line) => line.startsWith("USER ")).at(-1)).toMatch(/^USER (?!root\b|0\b)\w+/);
    expect(final.at(-1)).toBe('CMD ["node", "build/server/index.js"]');
    expect(fs.readFileSync(new URL("../../scripts/build-server.mjs", import.meta.url), "utf8")).toContain('index: "server/index.ts"');
  });
});
