/** The console's URLs under its base path (paths only: links stay on the console's origin). */
export interface ConsolePaths {
  readonly batches: string;
  batch(batchId: string): string;
  batchState(batchId: string): string;
  media(batchId: string, callId: string, index: number): string;
  readonly approvals: string;
  readonly decide: string;
  readonly login: string;
  readonly logout: string;
  asset(name: string): string;
}

export function createConsolePaths(basePath: string): ConsolePaths {
  const segment = encodeURIComponent;
  return {
    batches: `${basePath}/`,
    batch: (batchId) => `${basePath}/batches/${segment(batchId)}`,
    batchState: (batchId) => `${basePath}/batches/${segment(batchId)}/state.json`,
    media: (batchId, callId, index) =>
      `${basePath}/batches/${segment(batchId)}/media/${segment(callId)}/${index}`,
    approvals: `${basePath}/approvals`,
    decide: `${basePath}/approvals/decide`,
    login: `${basePath}/login`,
    logout: `${basePath}/logout`,
    asset: (name) => `${basePath}/assets/${name}`,
  };
}
