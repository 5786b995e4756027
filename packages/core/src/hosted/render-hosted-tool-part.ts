import type { HostedToolCall, HostedToolResult } from '../ir/hosted-tool';

const LABELS: Record<HostedToolCall['kind'], string> = {
  'web-search': 'Web search',
  'web-fetch': 'Web fetch',
  'code-execution': 'Code execution',
  'file-search': 'File search',
  mcp: 'MCP call',
  'tool-search': 'Tool search',
};

/**
 * The readable text of a hosted tool's call or result, for a provider that cannot replay the
 * original: the query, the code or the MCP call for a call; the output and the sources found for
 * a result. Another provider's model so reads what the hosted tool did, as text of the
 * assistant's turn, instead of losing it.
 */
export function renderHostedToolPart(part: HostedToolCall | HostedToolResult): string {
  if (part.type === 'hosted-tool-call') {
    return `[${LABELS[part.kind] ?? 'Hosted tool'} ${part.name} (${part.id})] ${JSON.stringify(part.input)}`;
  }
  const lines = [
    `[${LABELS[part.kind] ?? 'Hosted tool'} result${part.isError === true ? ' (error)' : ''} for ${part.callId}]`,
  ];
  if (part.output !== undefined && part.output !== '') lines.push(part.output);
  for (const source of part.sources ?? []) {
    const head = [source.title, source.url ?? source.fileId].filter((item) => item !== undefined).join(' — ');
    lines.push(source.text === undefined ? `- ${head}` : `- ${head}: ${source.text}`);
  }
  return lines.join('\n');
}
