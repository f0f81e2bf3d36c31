import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own and two processes writing one data dir corrupt it, so the server
 * holds an exclusive lock file beside the data dir for as long as it runs. The file is created
 * with O_EXCL and holds the owner's pid; a lock left by a process that no longer exists (kill -9)
 * is stale and taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by another process (pid ${ownerPid}). ` +
        `Stop that server first, point DATA_DIR at another folder, or use PostgreSQL with DATABASE_URL.`,
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type DataDirLock = { path: string; release: () => void };

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, ".server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      return { path: lockPath, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = Number.NaN;
      try {
        owner = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      } catch {
        continue; // Released between our two calls: try again.
      }
      if (owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(lockPath, owner);
      // Stale lock from a process that died without releasing it.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
