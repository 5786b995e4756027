import type { Message } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { findLoadedTools } from './local-tool-search';

// A history from a client with its own tool search (Claude Code's ToolSearch, through Anthropic's
// tool_reference): the tools it referenced are found, so the local search offers them as ordinary tools.
const history = (isError: boolean): Message[] => [
  { role: 'user', content: [{ type: 'text', text: 'Read notes.md.' }] },
  { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'ToolSearch', args: { query: 'read' } }] },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'ToolSearch',
        content: [
          { type: 'tool-reference', toolName: 'read_text_file' },
          { type: 'tool-reference', toolName: 'not_deferred' },
        ],
        isError,
      },
    ],
  },
];

describe('findLoadedTools with tool references', () => {
  it('counts a referenced deferred tool as found', () => {
    expect(findLoadedTools(history(false), new Set(['read_text_file', 'write_file']))).toEqual(
      new Set(['read_text_file']),
    );
  });

  it('ignores the references of a failed result', () => {
    expect(findLoadedTools(history(true), new Set(['read_text_file']))).toEqual(new Set());
  });
});
