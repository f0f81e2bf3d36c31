/**
 * Reading a password without it passing through the command line (where `ps` and shell history
 * keep it) or appearing on the screen (docs/decisions/0612).
 */

/**
 * Asks on the terminal with echo off (raw mode: the characters never reach the screen, and a
 * paste works as typing). Backspace and Ctrl-U edit; Ctrl-C exits with 130 as a shell would;
 * Ctrl-D on an empty line answers null.
 */
export function askHidden(prompt: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string | null> {
  // Echo goes off before the prompt shows: whatever is typed once it shows is never echoed.
  input.setRawMode(true);
  output.write(prompt);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve) => {
    let value = "";
    const finish = (answer: string | null) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      output.write("\n");
      resolve(answer);
    };
    function onData(chunk: string) {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(value);
        if (char === "\u0003") {
          finish(null);
          process.exit(130);
        }
        if (char === "\u0004") {
          if (value === "") return finish(null);
        } else if (char === "\u007f" || char === "\b") {
          value = [...value].slice(0, -1).join("");
        } else if (char === "\u0015") {
          value = "";
        } else if (char >= " ") {
          value += char;
        }
      }
    }
    input.on("data", onData);
  });
}

/**
 * The first line of standard input (without its line ending), or null when it ends before any
 * character. Reading stops there: whatever follows is not read. When nothing arrives for a few
 * seconds, says once on stderr what it is waiting for, so a forgotten pipe does not look hung.
 */
export function readFirstLine(input: NodeJS.ReadStream = process.stdin, hint?: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    const waiting = hint ? setTimeout(() => process.stderr.write(hint), 3_000) : null;
    const finish = (line: string | null) => {
      if (waiting) clearTimeout(waiting);
      input.off("data", onData);
      input.off("end", onEnd);
      input.off("error", onError);
      // Nothing more is read from this pipe: let it go, so an open writer cannot keep us alive.
      input.destroy();
      resolve(line);
    };
    function onData(chunk: string) {
      buffered += chunk;
      const end = buffered.indexOf("\n");
      if (end !== -1) finish(buffered.slice(0, end).replace(/\r$/, ""));
    }
    function onEnd() {
      finish(buffered === "" ? null : buffered.replace(/\r$/, ""));
    }
    function onError(error: Error) {
      if (waiting) clearTimeout(waiting);
      reject(error);
    }
    input.setEncoding("utf8");
    input.on("data", onData);
    input.on("end", onEnd);
    input.on("error", onError);
  });
}
