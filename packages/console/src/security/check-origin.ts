/**
 * Why a state-changing request is refused as cross-site, or `undefined` when it comes from the
 * console's own pages: its `Origin` must be the console's origin exactly (another port of the same
 * host, and `Origin: null`, are other origins), and a browser's `Sec-Fetch-Site`, when sent, must
 * say `same-origin`. Runs before anything reads the body, whatever its content type.
 */
export function findCrossSiteProblem(request: Request, ownOrigin: string): string | undefined {
  const origin = request.headers.get("origin");
  if (origin === null) return "the request has no Origin header";
  if (origin !== ownOrigin) return `the request comes from ${origin}, not ${ownOrigin}`;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return `the browser says it is ${site}`;
  return undefined;
}
