import type { Child } from "hono/jsx";
import type { ConsolePaths } from "../console-paths";
import { Layout } from "./layout";

/** A page that only says something: the 401, 403 and 404 pages, a decision refused. */
export function MessagePage(props: {
  readonly title: string;
  readonly paths: ConsolePaths;
  readonly reviewer?: string | undefined;
  readonly csrfToken?: string | undefined;
  readonly children?: Child;
}) {
  return (
    <Layout
      title={props.title}
      paths={props.paths}
      reviewer={props.reviewer}
      csrfToken={props.csrfToken}
    >
      <div class="message">{props.children}</div>
    </Layout>
  );
}
