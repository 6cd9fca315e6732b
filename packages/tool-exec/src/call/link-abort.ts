/** Makes the run's abort reach a call's own controller; returns the function that unlinks them. */
export function linkAbort(
  parent: AbortSignal | undefined,
  controller: AbortController,
): (() => void) | undefined {
  if (parent === undefined) return undefined;
  if (parent.aborted) {
    controller.abort(parent.reason);
    return undefined;
  }
  const forward = () => controller.abort(parent.reason);
  parent.addEventListener("abort", forward, { once: true });
  return () => parent.removeEventListener("abort", forward);
}
