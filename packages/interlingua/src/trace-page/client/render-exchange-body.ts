import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import { h } from './dom';
import { renderJson } from './render-json';

type Line<T extends TraceLine['type']> = Extract<TraceLine, { type: T }>;

/** A labelled part of an opened leg: a heading, one line of facts, then its content. */
function part(name: string, title: string, facts: string, ...content: (Node | null)[]): HTMLElement {
  return h(
    'section',
    { class: `part part-${name}`, 'data-part': name },
    h('h3', {}, title),
    facts === '' ? null : h('p', { class: 'meta' }, facts),
    ...content,
  );
}

/** Headers as a two-column table, one header a row (not one long line). */
export function renderHeaders(headers: Record<string, string> | undefined): HTMLElement | null {
  if (headers === undefined || Object.keys(headers).length === 0) return null;
  return h(
    'table',
    { class: 'headers' },
    h(
      'tbody',
      {},
      ...Object.entries(headers).map(([name, value]) => h('tr', {}, h('th', {}, name), h('td', {}, value))),
    ),
  );
}

/** The text of a tool result's content, or its JSON. */
function resultText(result: unknown): string | undefined {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content;
  if (!Array.isArray(content)) return undefined;
  return content.map((item) => item.text ?? `[${item.type}]`).join('\n');
}

/** A tool call opened: the tool's name, its arguments and its result (both legs open to the same view). */
export function renderToolBody(line: Line<'tool-call'> | Line<'tool-result'>, all: readonly TraceLine[]): HTMLElement {
  const id = line.type === 'tool-call' ? (line.toolCall as { id?: string }).id : line.toolCallId;
  const call =
    line.type === 'tool-call'
      ? line
      : all.find(
          (other): other is Line<'tool-call'> =>
            other.type === 'tool-call' && (other.toolCall as { id?: string }).id === id,
        );
  const result =
    line.type === 'tool-result'
      ? line
      : all.find((other): other is Line<'tool-result'> => other.type === 'tool-result' && other.toolCallId === id);
  const toolCall = (call?.toolCall ?? {}) as { name?: string; args?: unknown };
  const name = toolCall.name ?? (result?.toolName as string | undefined) ?? '?';
  const text = resultText(result?.result);
  return h(
    'div',
    { class: 'body exchange' },
    h('p', { class: 'tool-name' }, h('strong', {}, name), ` · call ${id ?? '?'}`),
    part(
      'arguments',
      'Arguments',
      '',
      call === undefined ? h('p', { class: 'none' }, 'Not in the trace.') : renderJson(toolCall.args ?? {}),
    ),
    part(
      'result',
      result?.isError === true ? 'Result (error)' : 'Result',
      result === undefined
        ? ''
        : [`${result.durationMs} ms`, result.error ?? ''].filter((fact) => fact !== '').join(' · '),
      result === undefined
        ? h('p', { class: 'none' }, 'No result yet.')
        : text === undefined
          ? renderJson(result.result)
          : h('pre', { class: `tool-text${result.isError ? ' error' : ''}` }, text),
    ),
  );
}

/** A gateway exchange opened: the client's request, each backend call, and the answer written back. */
export function renderGatewayBody(
  line: Line<'gateway-request'> | Line<'gateway-response'>,
  all: readonly TraceLine[],
): HTMLElement {
  const own = all.filter((other) => 'requestId' in other && other.requestId === line.requestId);
  const inbound = own.find((other): other is Line<'gateway-request'> => other.type === 'gateway-request');
  const answer = own.find((other): other is Line<'gateway-response'> => other.type === 'gateway-response');
  const backends = own.filter((other): other is Line<'model-response'> => other.type === 'model-response');
  return h(
    'div',
    { class: 'body exchange' },
    part(
      'inbound',
      'Inbound request',
      inbound === undefined
        ? ''
        : [
            `${inbound.method} ${inbound.path}`,
            inbound.route,
            inbound.format,
            inbound.key && `key ${inbound.key}`,
            inbound.requestId,
          ]
            .filter((fact) => typeof fact === 'string' && fact !== '')
            .join(' · '),
      inbound === undefined ? h('p', { class: 'none' }, 'Not in the trace.') : renderHeaders(inbound.headers),
      inbound === undefined ? null : renderJson(inbound.body),
    ),
    part(
      'backend',
      backends.length > 1 ? `Backend (${backends.length} calls)` : 'Backend',
      backends.length === 0 ? 'No backend call (answered by the gateway).' : '',
      ...backends.map((call) =>
        h(
          'p',
          { class: `backend-call${call.error === undefined ? '' : ' error'}` },
          h('strong', {}, `${call.provider}:${call.model}`),
          ` · call ${call.call ?? '?'}${call.attempt > 1 ? ` attempt ${call.attempt}` : ''} · ${call.wire?.status ?? 'no HTTP'} · ${call.durationMs} ms`,
          call.usage === undefined
            ? ''
            : ` · ${call.usage.inputTokens} in / ${call.usage.outputTokens} out · ${formatCost(call.cost ?? 'unknown')}`,
          call.error === undefined ? '' : ` · ${call.error.name}: ${call.error.message}`,
        ),
      ),
    ),
    part(
      'answer',
      'Answer to the client',
      answer === undefined
        ? 'Not answered yet.'
        : [
            `${answer.status}${answer.stream ? ' stream' : ''}`,
            answer.backend && `from ${answer.backend}${answer.fallback ? ' (fallback)' : ''}`,
            answer.usage && `${answer.usage.inputTokens} in / ${answer.usage.outputTokens} out`,
            answer.costUsd === undefined
              ? ''
              : answer.costUsd === 'unknown'
                ? 'cost unknown'
                : `$${answer.costUsd.toFixed(6)}`,
            `${answer.durationMs} ms`,
            answer.error && `${answer.error.name}: ${answer.error.message}`,
            answer.aborted ? 'the client left' : '',
          ]
            .filter((fact) => typeof fact === 'string' && fact !== '')
            .join(' · '),
      answer === undefined ? null : renderJson(answer.body ?? answer.events ?? null),
    ),
  );
}

/** A run total opened: its facts, then the record. */
export function renderRunBody(line: Line<'run-finish'>): HTMLElement {
  return h(
    'div',
    { class: 'body' },
    h(
      'p',
      { class: 'meta' },
      `${line.finishReason} · ${line.steps} model call${line.steps === 1 ? '' : 's'} · ${line.usage.inputTokens} in / ${line.usage.outputTokens} out · ${formatCost(line.cost)}`,
    ),
    renderJson(line),
  );
}
