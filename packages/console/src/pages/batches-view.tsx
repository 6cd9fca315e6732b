import type { JournalBatchPage, JournalBatchState } from "@toolwright/tool-exec";
import type { ConsolePaths } from "../console-paths";
import { describeCallCounts, describeWaitingFor } from "./describe-batch";
import { Layout } from "./layout";
import { LiveRegion, type LiveSettings } from "./live-region";

/** The batches page's filters, as the form shows them. */
export interface BatchFilters {
  readonly state?: JournalBatchState | undefined;
  readonly tool?: string | undefined;
  readonly since?: string | undefined;
  readonly until?: string | undefined;
}

const STATES: readonly JournalBatchState[] = ["open", "suspended", "completed", "failed"];

/** The rows of the batches table: what live updates replace. */
export function BatchRows(props: {
  readonly page: JournalBatchPage;
  readonly paths: ConsolePaths;
}) {
  const { page, paths } = props;
  if (page.batches.length === 0)
    return (
      <p class="empty" data-key="empty">
        No batches match. A file journal deletes a completed batch's files unless it keeps them
        (retainCompleted), so completed batches may not be listed.
      </p>
    );
  return (
    <table class="batches">
      <thead>
        <tr>
          <th scope="col">Batch</th>
          <th scope="col">State</th>
          <th scope="col">Calls</th>
          <th scope="col">Started</th>
          <th scope="col">Waiting for</th>
        </tr>
      </thead>
      <tbody>
        {page.batches.map((batch) => (
          <tr data-key={batch.batchId} class={`state-${batch.state}`}>
            <td>
              <a href={paths.batch(batch.batchId)}>{batch.batchId}</a>
            </td>
            <td>
              <span class={`badge badge-${batch.state}`}>{batch.state}</span>
            </td>
            <td>{describeCallCounts(batch)}</td>
            <td>
              <time class="age" datetime={batch.at}>
                {batch.at}
              </time>
            </td>
            <td>{batch.problem ?? describeWaitingFor(batch)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The batches page: filters, one page of batches (live), and the way to older ones. */
export function BatchesPage(props: {
  readonly page: JournalBatchPage;
  readonly filters: BatchFilters;
  readonly paths: ConsolePaths;
  readonly reviewer: string;
  readonly csrfToken: string;
  readonly live: LiveSettings;
  readonly olderUrl: string | undefined;
  readonly isFirstPage: boolean;
  readonly rows: string;
}) {
  const { filters, paths } = props;
  return (
    <Layout
      title="Batches"
      paths={paths}
      reviewer={props.reviewer}
      csrfToken={props.csrfToken}
      current="batches"
    >
      <form class="filters" method="get" action={paths.batches}>
        <label>
          State
          <select name="state">
            <option value="">any</option>
            {STATES.map((state) => (
              <option value={state} selected={filters.state === state}>
                {state}
              </option>
            ))}
          </select>
        </label>
        <label>
          Tool
          <input type="text" name="tool" value={filters.tool ?? ""} placeholder="exact name" />
        </label>
        <label>
          Since (UTC)
          <input
            type="text"
            name="since"
            value={filters.since ?? ""}
            placeholder="2026-12-01T14:00Z"
          />
        </label>
        <label>
          Until (UTC)
          <input type="text" name="until" value={filters.until ?? ""} placeholder="2026-12-02" />
        </label>
        <button type="submit">Filter</button>
      </form>
      <LiveRegion live={props.live} html={props.rows} label="Batches, newest first" />
      <nav class="pager" aria-label="More batches">
        {props.isFirstPage ? null : <a href={paths.batches}>Newest batches</a>}
        {props.olderUrl === undefined ? null : <a href={props.olderUrl}>Older batches</a>}
      </nav>
    </Layout>
  );
}
