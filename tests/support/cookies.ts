/** The Cookie header a browser would send back after `res`: every cookie it set, those it deleted left out. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
