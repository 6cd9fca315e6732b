/** The calls linked to one run signal: one listener on the signal forwards its abort to them all. */
interface LinkedCalls {
  readonly controllers: Set<AbortController>;
  readonly forward: () => void;
}

// One entry per run signal while calls are linked to it; Node warns about a leak once more than ten
// listeners wait on one AbortSignal, and a batch runs many calls at once.
const linkedBySignal = new WeakMap<AbortSignal, LinkedCalls>();

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
  const linked = linkedBySignal.get(parent) ?? linkSignal(parent);
  const { controllers, forward } = linked;
  controllers.add(controller);
  return () => {
    controllers.delete(controller);
    if (controllers.size === 0 && linkedBySignal.get(parent) === linked) {
      linkedBySignal.delete(parent);
      parent.removeEventListener("abort", forward);
    }
  };
}

function linkSignal(parent: AbortSignal): LinkedCalls {
  const controllers = new Set<AbortController>();
  const forward = () => {
    linkedBySignal.delete(parent);
    for (const child of controllers) child.abort(parent.reason);
  };
  const linked = { controllers, forward };
  linkedBySignal.set(parent, linked);
  parent.addEventListener("abort", forward, { once: true });
  return linked;
}
