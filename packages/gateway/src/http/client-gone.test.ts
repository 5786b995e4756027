import { describe, expect, it } from 'vitest';
import { createClientPresence } from './client-gone';

describe('createClientPresence', () => {
  it('calls each watcher once with the reason, and aborts a signal read before with it', () => {
    const presence = createClientPresence();
    const signal = presence.signal;
    expect(presence.signal).toBe(signal);
    const seen: unknown[] = [];
    const watcher = (reason: unknown) => seen.push(reason);
    presence.watch(watcher);
    presence.watch(watcher);
    expect(presence.happened).toBe(false);
    expect(signal.aborted).toBe(false);
    const reason = new Error('gone');
    presence.leave(reason);
    presence.leave(new Error('again'));
    expect(seen).toEqual([reason, reason]);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
    expect(presence.happened).toBe(true);
    expect(presence.reason).toBe(reason);
  });

  it('a signal first read after the client left is already aborted, with the reason', () => {
    const presence = createClientPresence();
    const reason = new Error('gone');
    presence.leave(reason);
    expect(presence.signal.aborted).toBe(true);
    expect(presence.signal.reason).toBe(reason);
  });

  it('an unwatched watcher is not called; a watch after the client left is called at once', () => {
    const presence = createClientPresence();
    const seen: string[] = [];
    const unwatch = presence.watch(() => seen.push('unwatched'));
    presence.watch(() => seen.push('kept'));
    unwatch();
    unwatch();
    presence.leave('gone');
    expect(seen).toEqual(['kept']);
    const late = presence.watch((reason) => seen.push(`late: ${String(reason)}`));
    expect(seen).toEqual(['kept', 'late: gone']);
    late();
  });

  it('a watcher that throws does not keep the others from running; the error surfaces as uncaught', async () => {
    const presence = createClientPresence();
    const seen: string[] = [];
    presence.watch(() => {
      throw new Error('watcher failed');
    });
    presence.watch(() => seen.push('second'));
    const uncaught = new Promise<unknown>((resolve) => {
      const listeners = process.listeners('uncaughtException');
      process.removeAllListeners('uncaughtException');
      process.once('uncaughtException', (error) => {
        for (const listener of listeners) process.on('uncaughtException', listener);
        resolve(error);
      });
    });
    presence.leave('gone');
    expect(seen).toEqual(['second']);
    expect(((await uncaught) as Error).message).toBe('watcher failed');
  });
});
