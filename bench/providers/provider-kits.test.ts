import type { ModelResponse, StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { buildHistory } from '../workloads/build-history';
import { ARGUMENT_FRAGMENTS, buildStreamEvents } from '../workloads/build-stream-events';
import { KIT_BUILDERS } from './all-kits';

// The bench's workloads, each run once: both sides must do the same work and get the same
// result, or a ratio between them means nothing. Nothing here is timed.

const essentials = (response: ModelResponse) => ({
  message: response.message,
  finishReason: response.finishReason,
  usage: response.usage,
});
// Warnings are the adapter's (settings it could not honour); the events themselves must match.
const withoutWarnings = (events: StreamEvent[]) =>
  events.map((event) => (event.type === 'finish' ? { ...event, warnings: [] } : event));

describe.each(Object.entries(KIT_BUILDERS))('bench kit %s', (_name, build) => {
  it('request build: the SDK given the native body and the adapter given the IR get the same answer', async () => {
    const kit = await build();
    const workload = kit.request(buildHistory(10));
    const sdkResult = await workload.sdk();
    const subjectResult = await workload.subject();
    expect(essentials(subjectResult)).toEqual(essentials(workload.decodeSDKResult(sdkResult)));
    expect(subjectResult.message.content).toEqual([{ type: 'text', text: expect.stringContaining('明天北京') }]);
    expect(typeof workload.lowerBound()).toBe('string');
  });

  it('stream: the SDK iterator and the adapter stream read the same events from the same bytes', async () => {
    const kit = await build();
    const workload = await kit.stream(buildHistory(10), buildStreamEvents(300));
    const sdkChunks: unknown[] = [];
    const events: StreamEvent[] = [];
    await workload.sdk(sdkChunks);
    await workload.subject(events);
    expect(sdkChunks.length).toBeGreaterThan(0);
    expect(withoutWarnings(events)).toEqual(withoutWarnings(await workload.decodeSDKChunks(sdkChunks)));
    const end = events.find((event) => event.type === 'tool-call-end');
    expect(end?.type === 'tool-call-end' && end.toolCall.args).toMatchObject({ city: '北京', days: 3 });
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
    expect(await workload.lowerBound()).toBe(workload.nativeEvents);
    expect(ARGUMENT_FRAGMENTS).toBe(200);
  });
});
