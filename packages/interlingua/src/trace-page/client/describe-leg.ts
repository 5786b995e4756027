import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import { pathOf, preview } from './format';

/** The lanes of the page, left to right. */
export type Lane = 'mcp' | 'host' | 'model';

/** What the filters switch: MCP frames, model calls, tool calls, run totals, gateway exchanges. */
export type LegKind = 'mcp' | 'model' | 'tool' | 'run' | 'gateway';

/** How a trace line shows as a leg. */
export type LegView = {
  lane: Lane;
  kind: LegKind;
  arrow: '→' | '←' | '·';
  title: string;
  detail: string;
  error: boolean;
};

type Rpc = {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown };
  result?: Record<string, unknown>;
  error?: { code?: unknown; message?: unknown };
};

/** The lane, arrow and labels of a line; `undefined` for the `trace-start` header. */
export function describeLeg(line: TraceLine): LegView | undefined {
  switch (line.type) {
    case 'trace-start':
      return undefined;
    case 'mcp': {
      const message = (line.message ?? {}) as Rpc;
      const arrow = line.direction === 'send' ? '→' : '←';
      if (typeof message.method === 'string') {
        const name = typeof message.params?.name === 'string' ? ` ${message.params.name}` : '';
        const id = message.id === undefined ? '' : ` #${String(message.id)}`;
        return {
          lane: 'mcp',
          kind: 'mcp',
          arrow,
          title: `${message.method}${name}${id}`,
          detail: line.server,
          error: false,
        };
      }
      if (message.error !== undefined) {
        return {
          lane: 'mcp',
          kind: 'mcp',
          arrow,
          title: `error #${String(message.id)} ${String(message.error.code ?? '')}`,
          detail: preview(message.error.message),
          error: true,
        };
      }
      return {
        lane: 'mcp',
        kind: 'mcp',
        arrow,
        title: `result #${String(message.id)}`,
        detail: summarizeResult(message.result),
        error: message.result?.['isError'] === true,
      };
    }
    case 'model-request':
      return {
        lane: 'model',
        kind: 'model',
        arrow: '→',
        title: `${line.wire?.method ?? 'call'} ${line.wire === undefined ? line.model : pathOf(line.wire.url)}`,
        detail: `call ${line.call ?? '?'}${line.attempt > 1 ? ` · attempt ${line.attempt}` : ''} · ${line.provider}:${line.model}`,
        error: false,
      };
    case 'model-response': {
      const ir = line.ir as { finishReason?: string } | undefined;
      const tokens = line.usage === undefined ? '' : ` · ${line.usage.inputTokens} in / ${line.usage.outputTokens} out`;
      const status =
        line.wire === undefined ? '' : `${line.wire.status}${line.wire.events === undefined ? '' : ' stream'} · `;
      return {
        lane: 'model',
        kind: 'model',
        arrow: '←',
        title: `${status}${ir?.finishReason ?? line.error?.name ?? 'no answer'}${tokens}`,
        detail: `call ${line.call ?? '?'} · ${line.usage === undefined ? '' : `${formatCost(line.cost ?? 'unknown')} · `}${line.durationMs} ms`,
        error: line.error !== undefined,
      };
    }
    case 'gateway-request':
      return {
        lane: 'host',
        kind: 'gateway',
        arrow: '←',
        title: `client ${line.method} ${line.path}`,
        detail: `${line.requestId}${line.key === undefined ? '' : ` · key ${line.key}`}${line.format === undefined ? '' : ` · ${line.format}`}`,
        error: false,
      };
    case 'gateway-response': {
      const tokens = line.usage === undefined ? '' : ` · ${line.usage.inputTokens} in / ${line.usage.outputTokens} out`;
      const cost =
        line.costUsd === undefined
          ? ''
          : ` · ${line.costUsd === 'unknown' ? 'cost unknown' : `$${line.costUsd.toFixed(6)}`}`;
      return {
        lane: 'host',
        kind: 'gateway',
        arrow: '→',
        title: `client ← ${line.status}${line.stream ? ' stream' : ''}${line.error === undefined ? '' : ` ${line.error.name}`}${tokens}`,
        detail: `${line.requestId}${line.backend === undefined ? '' : ` · ${line.backend}`}${cost} · ${line.durationMs} ms`,
        error: line.error !== undefined || line.status >= 400,
      };
    }
    case 'tool-call': {
      const call = line.toolCall as { name?: string; args?: unknown };
      return {
        lane: 'host',
        kind: 'tool',
        arrow: '·',
        title: `tool call ${call.name ?? ''}`,
        detail: preview(call.args),
        error: false,
      };
    }
    case 'tool-result': {
      const result = line.result as { content?: { type: string; text?: string }[] };
      const text = (result.content ?? []).map((part) => part.text ?? `[${part.type}]`).join(' ');
      return {
        lane: 'host',
        kind: 'tool',
        arrow: '·',
        title: `${line.isError ? 'tool error' : 'tool result'} ${line.toolName}`,
        detail: `${preview(text)} · ${line.durationMs} ms`,
        error: line.isError,
      };
    }
    case 'run-finish':
      return {
        lane: 'host',
        kind: 'run',
        arrow: '·',
        title: `run finished: ${line.finishReason}`,
        detail: `${line.steps} model call${line.steps === 1 ? '' : 's'} · ${line.usage.inputTokens} in / ${line.usage.outputTokens} out · ${formatCost(line.cost)}`,
        error: line.finishReason === 'error',
      };
    default: {
      const exhaustive: never = line;
      return exhaustive;
    }
  }
}

function summarizeResult(result: Record<string, unknown> | undefined): string {
  if (result === undefined) return '';
  if (Array.isArray(result['tools']))
    return `${result['tools'].length} tool${result['tools'].length === 1 ? '' : 's'}${result['nextCursor'] === undefined ? '' : ' · more pages'}`;
  if (Array.isArray(result['content'])) {
    return preview(
      (result['content'] as { text?: string; type: string }[]).map((part) => part.text ?? `[${part.type}]`).join(' '),
    );
  }
  const info = result['serverInfo'] as { name?: string; version?: string } | undefined;
  if (info !== undefined)
    return `${info.name ?? ''} ${info.version ?? ''} · protocol ${String(result['protocolVersion'] ?? '')}`;
  return preview(result);
}
