/**
 * The partial results of one running call, handed from the executor's update events to the async
 * generator the AI SDK iterates. Pushing never waits; the reader sees every value in order, then
 * the end.
 */
export class UpdateQueue<TValue> implements AsyncIterable<TValue> {
  readonly #values: TValue[] = [];
  #closed = false;
  #wake: (() => void) | undefined = undefined;

  push(value: TValue): void {
    if (this.#closed) return;
    this.#values.push(value);
    this.#notify();
  }

  close(): void {
    this.#closed = true;
    this.#notify();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<TValue> {
    let next = 0;
    for (;;) {
      if (next < this.#values.length) {
        const value = this.#values[next] as TValue;
        // Hand the value over and drop the reference: a long stream keeps nothing it has read.
        this.#values[next] = undefined as TValue;
        next++;
        if (next === this.#values.length) {
          this.#values.length = 0;
          next = 0;
        }
        yield value;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
