// "Only the latest request counts", once for every element: a @lit/task Task that the element runs when it
// means to (not on every update). A new run aborts the one under way and Task drops its answer; abort()
// and the host's disconnect end a run without any report, so a stopped lookup never lands late.
import { initialState, Task } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';

export interface LatestTaskConfig<A extends readonly unknown[], R> {
  /** The request; it should pass `signal` on so an abandoned one stops at once. */
  task: (args: A, signal: AbortSignal) => Promise<R>;
  /** The answer of the latest run. */
  onComplete?: (value: R) => unknown;
  /** The failure of the latest run (never an abort). */
  onError?: (error: unknown) => unknown;
}

export class LatestTask<const A extends readonly unknown[], const R> extends Task<A, R> {
  constructor(host: ReactiveControllerHost, config: LatestTaskConfig<A, R>) {
    super(host, {
      autoRun: false,
      task: async (args, { signal }) => {
        try {
          const value = await config.task(args, signal);
          return signal.aborted ? initialState : value;
        } catch (error) {
          if (signal.aborted) return initialState;
          throw error;
        }
      },
      ...(config.onComplete ? { onComplete: config.onComplete } : {}),
      ...(config.onError ? { onError: config.onError } : {}),
    });
  }

  hostDisconnected(): void {
    this.abort();
  }
}
