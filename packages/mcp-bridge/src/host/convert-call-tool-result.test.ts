import { describe, expect, it } from 'vitest';
import { convertCallToolResult } from './convert-call-tool-result';

// Results shaped as the MCP 2025-11-25 schema defines them (see __fixtures__/SOURCES.md).
describe('convertCallToolResult', () => {
  it('maps every content block type', () => {
    const output = convertCallToolResult({
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'file:///notes/a.md', mimeType: 'text/markdown', text: '# A' } },
        { type: 'resource', resource: { uri: 'file:///data/b.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' } },
        { type: 'resource_link', uri: 'file:///c.txt', name: 'c', description: 'the c file' },
      ],
    });
    expect(output).toEqual({
      type: 'tool-output',
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' },
        { type: 'file', source: { type: 'base64', data: 'UklGRg==' }, mediaType: 'audio/wav' },
        {
          type: 'text',
          text: '# A',
          providerMetadata: { mcp: { uri: 'file:///notes/a.md', mimeType: 'text/markdown' } },
        },
        {
          type: 'file',
          source: { type: 'base64', data: 'JVBERi0=' },
          mediaType: 'application/pdf',
          filename: 'b.pdf',
          providerMetadata: { mcp: { uri: 'file:///data/b.pdf', mimeType: 'application/pdf' } },
        },
        {
          type: 'text',
          text: 'Resource link "c": file:///c.txt — the c file',
          providerMetadata: { mcp: { uri: 'file:///c.txt' } },
        },
      ],
    });
  });

  it('adds structuredContent as JSON text only when no text block carries it', () => {
    expect(convertCallToolResult({ content: [], structuredContent: { temperature: 25 } }).content).toEqual([
      { type: 'text', text: '{"temperature":25}' },
    ]);
    expect(
      convertCallToolResult({
        content: [{ type: 'text', text: '{ "temperature": 25 }' }],
        structuredContent: { temperature: 25 },
      }).content,
    ).toEqual([{ type: 'text', text: '{ "temperature": 25 }' }]);
    expect(
      convertCallToolResult({ content: [{ type: 'text', text: 'Done.' }], structuredContent: { temperature: 25 } })
        .content,
    ).toEqual([
      { type: 'text', text: 'Done.' },
      { type: 'text', text: '{"temperature":25}' },
    ]);
  });

  it('keeps isError with the server text, and never returns empty content', () => {
    expect(convertCallToolResult({ content: [{ type: 'text', text: '找不到城市北进' }], isError: true })).toEqual({
      type: 'tool-output',
      content: [{ type: 'text', text: '找不到城市北进' }],
      isError: true,
    });
    expect(convertCallToolResult({ content: [] }).content).toEqual([{ type: 'text', text: '' }]);
    expect(convertCallToolResult({ toolResult: { ok: true } }).content).toEqual([
      { type: 'text', text: '{"ok":true}' },
    ]);
  });
});
