import { afterEach, describe, expect, it } from 'vitest';
import { linkAbortSignal } from './link-abort-signal';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
afterEach(() => {
  warnings.length = 0;
});

describe('linkAbortSignal', () => {
  it('links 50 calls to one parent without a MaxListenersExceededWarning, and aborts each with its reason', async () => {
    const parent = new AbortController();
    const links = Array.from({ length: 50 }, () => linkAbortSignal(parent.signal));
    parent.abort(new Error('stop'));
    expect(links.every((link) => link.signal.aborted && (link.signal.reason as Error).message === 'stop')).toBe(true);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('releasing every link leaves the parent without a listener; a later link listens again', async () => {
    const parent = new AbortController();
    for (let round = 0; round < 3; round++) {
      const links = Array.from({ length: 20 }, () => linkAbortSignal(parent.signal));
      for (const link of links) link.release();
      expect(links.some((link) => link.signal.aborted)).toBe(false);
    }
    const late = linkAbortSignal(parent.signal);
    const released = linkAbortSignal(parent.signal);
    released.release();
    released.release();
    parent.abort('late');
    expect(late.signal.aborted).toBe(true);
    expect(released.signal.aborted).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });

  it('an already aborted parent gives an aborted signal', () => {
    const link = linkAbortSignal(AbortSignal.abort('gone'));
    expect(link.signal.aborted).toBe(true);
    expect(link.signal.reason).toBe('gone');
  });
});
