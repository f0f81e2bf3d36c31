import { afterAll, afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";
import { removeTempDirs } from "./spawn-server";

/**
 * A test fails when the code under test calls console.error (as in the Epic Stack): an error
 * nobody asserted is an error nobody handles. A test that expects one says so by giving the spy
 * its own implementation (`vi.mocked(console.error).mockImplementation(() => {})`) and asserting
 * on its calls.
 */
let consoleError: MockInstance<typeof console.error>;
let passThrough: (...args: unknown[]) => void;

beforeEach(() => {
  const original = console.error;
  passThrough = (...args) => original(...args);
  consoleError = vi.spyOn(console, "error").mockImplementation(passThrough);
});

afterEach(() => {
  const expectedByTheTest = consoleError.getMockImplementation() !== passThrough;
  const calls = [...consoleError.mock.calls];
  consoleError.mockRestore();
  if (!expectedByTheTest) expect(calls, "console.error was called; give the spy an implementation in the test if that is expected").toEqual([]);
});

// The data folders a file's servers and commands used (spawn-server.ts): 40-60 MB each.
afterAll(() => removeTempDirs());
