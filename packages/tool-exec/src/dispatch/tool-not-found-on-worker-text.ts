/** The text of a dispatched call whose worker has no tool of that name. */
export function toolNotFoundOnWorkerText(name: string, worker: string): string {
  return `Tool ${name} not found on worker ${worker}`;
}
