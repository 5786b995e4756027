import { record } from './mcp-http-messages';

/** How many `subscriptions/listen` streams one caller may hold open at once. */
export const DEFAULT_MAX_LISTENS_PER_CALLER = 32;

/** Whether `message` is a `subscriptions/listen` request. */
export function isListen(message: unknown): boolean {
  return record(message)?.method === 'subscriptions/listen';
}

/**
 * Open `subscriptions/listen` streams counted per caller (by key name; callers without one share a
 * count), so that one key cannot hold every subscription the endpoint will keep.
 */
export class ListenSlots {
  private readonly open = new Map<string | undefined, number>();

  constructor(readonly max: number) {}

  /** A slot for `caller`, as the function that gives it back (once); `undefined` when it has `max` open. */
  take(caller: string | undefined): (() => void) | undefined {
    const count = this.open.get(caller) ?? 0;
    if (count >= this.max) return undefined;
    this.open.set(caller, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(caller) ?? 1) - 1;
      if (left > 0) this.open.set(caller, left);
      else this.open.delete(caller);
    };
  }
}
