/** A counting semaphore: at most `limit` tasks run at once, the rest wait in arrival order. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Runs `task` once a slot is free; a waiting task whose signal aborted is rejected instead. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /**
   * Waiters add no abort listener (thousands of listeners on one signal make each addition slow);
   * a waiter whose signal aborted is rejected when its turn comes, which frees the slot at once.
   */
  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.waiting.push(() => {
        if (signal?.aborted) {
          reject(signal.reason);
          this.waiting.shift()?.();
          return;
        }
        this.active += 1;
        resolve();
      });
    });
  }

  /** Calls holding a slot now. */
  get running(): number {
    return this.active;
  }

  private release(): void {
    this.active -= 1;
    this.waiting.shift()?.();
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
