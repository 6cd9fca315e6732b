import type { Child } from "hono/jsx";
import type { ConsolePaths } from "../console-paths";

/** What every page's frame needs. */
export interface LayoutProps {
  readonly title: string;
  readonly paths: ConsolePaths;
  /** The signed-in reviewer (absent on the 401 page). */
  readonly reviewer?: string | undefined;
  /** The session's CSRF token, for the sign-out form. */
  readonly csrfToken?: string | undefined;
  /** Which navigation entry is the current page. */
  readonly current?: "batches" | "approvals" | undefined;
  readonly children?: Child;
}

/** The HTML document of a page: its `<h1>` is `title`; the script and styles come from the console. */
export function Layout(props: LayoutProps) {
  const { paths, current } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · Toolwright console`}</title>
        <link rel="stylesheet" href={paths.asset("console.css")} />
        <script type="module" src={paths.asset("console.js")} />
      </head>
      <body>
        <header class="top">
          <span class="brand">Toolwright console</span>
          {props.reviewer === undefined ? null : (
            <nav aria-label="Pages">
              <a href={paths.batches} aria-current={current === "batches" ? "page" : undefined}>
                Batches
              </a>
              <a href={paths.approvals} aria-current={current === "approvals" ? "page" : undefined}>
                Approvals
              </a>
            </nav>
          )}
          {props.reviewer === undefined ? null : (
            <form class="signout" method="post" action={paths.logout}>
              <span>
                Signed in as <strong>{props.reviewer}</strong>
              </span>
              <input type="hidden" name="_csrf" value={props.csrfToken} />
              <button type="submit">Sign out</button>
            </form>
          )}
        </header>
        <main>
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}

/** A page as the response body: the doctype, then the document. */
export function renderDocument(page: Child): string {
  return `<!doctype html>${String(page)}`;
}
