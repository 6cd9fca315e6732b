/**
 * The headers every response of the console carries, pages, scripts, redirects and errors alike:
 * no inline script, no eval, nothing from another origin, no framing; no MIME sniffing; the
 * referrer only to the console itself (with `no-referrer` Chromium sends `Origin: null` on the
 * console's own form posts, which the CSRF check must refuse); nothing cached.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/** `response` with {@link SECURITY_HEADERS} set (a copy when its headers cannot be changed). */
export function withSecurityHeaders(response: Response): Response {
  let result = response;
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) result.headers.set(name, value);
  } catch {
    result = new Response(response.body, response);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) result.headers.set(name, value);
  }
  return result;
}
