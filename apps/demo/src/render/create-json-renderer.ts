import type { DemoEvent } from "../demo-event";
import type { DemoOutput } from "./demo-output";

/** `--json`: every event as one line of JSON, nothing else. */
export function createJsonRenderer(output: DemoOutput): (event: DemoEvent) => void {
  return (event) => {
    output.write(`${JSON.stringify(event)}\n`);
  };
}
