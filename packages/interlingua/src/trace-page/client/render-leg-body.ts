import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import { h } from './dom';
import { renderGatewayBody, renderHeaders, renderRunBody, renderToolBody } from './render-exchange-body';
import { indexLeaves, renderJson } from './render-json';

/**
 * The opened body of a leg: for model legs the wire and the IR side by side, codec changes
 * marked; a tool call's name, arguments and result; a gateway exchange's request, backend and answer.
 */
export function renderLegBody(line: TraceLine, all: readonly TraceLine[]): HTMLElement {
  switch (line.type) {
    case 'model-request': {
      // A retry's request line carries no IR: show the first attempt's.
      const first = all.find(
        (other): other is typeof line =>
          other.type === 'model-request' && other.call === line.call && other.ir !== undefined,
      );
      const ir = line.ir ?? first?.ir;
      const meta =
        line.wire === undefined
          ? null
          : h(
              'div',
              {},
              h('p', { class: 'meta' }, `${line.wire.method} ${line.wire.url}`),
              renderHeaders(line.wire.headers),
            );
      return h('div', { class: 'body' }, meta, sideBySide(line.wire?.body, ir, 'Wire request (as sent)', 'IR request'));
    }
    case 'model-response': {
      const wire = line.wire === undefined ? undefined : (line.wire.body ?? line.wire.events);
      const facts = [
        line.usage === undefined
          ? ''
          : `usage ${line.usage.inputTokens} in / ${line.usage.outputTokens} out${line.usage.cachedInputTokens ? ` (${line.usage.cachedInputTokens} cached)` : ''}`,
        line.usage === undefined ? '' : formatCost(line.cost ?? 'unknown'),
        `${line.durationMs} ms`,
        line.error === undefined ? '' : `${line.error.name}: ${line.error.message}`,
      ].filter((fact) => fact !== '');
      return h(
        'div',
        { class: 'body' },
        h('p', { class: 'meta' }, facts.join(' · ')),
        line.warnings.length === 0
          ? null
          : h('ul', { class: 'leg-warnings' }, ...line.warnings.map((w) => h('li', {}, `${w.feature}: ${w.message}`))),
        sideBySide(
          wire,
          line.ir,
          line.wire?.events === undefined ? 'Wire response' : `Wire stream (${line.wire.events.length} events)`,
          'IR response',
        ),
      );
    }
    case 'mcp':
      return h(
        'div',
        { class: 'body' },
        h(
          'p',
          { class: 'meta' },
          `${line.direction === 'send' ? 'host → ' : ''}${line.server}${line.direction === 'receive' ? ' → host' : ''}`,
        ),
        renderJson(line.message),
      );
    case 'tool-call':
    case 'tool-result':
      return renderToolBody(line, all);
    case 'gateway-request':
    case 'gateway-response':
      return renderGatewayBody(line, all);
    case 'run-finish':
      return renderRunBody(line);
    default:
      return h('div', { class: 'body' }, renderJson(line));
  }
}

function sideBySide(wire: unknown, ir: unknown, wireTitle: string, irTitle: string): HTMLElement {
  const hasBoth = wire !== undefined && ir !== undefined;
  const legend = hasBoth
    ? h(
        'p',
        { class: 'key-legend' },
        'Marked where the codec changed the shape: ',
        h('span', { class: 'chg-moved' }, 'same value, another field'),
        h('span', { class: 'chg-changed' }, 'added, dropped or re-encoded'),
      )
    : null;
  return h('div', {}, legend, sides(wire, ir, wireTitle, irTitle, hasBoth));
}

function sides(wire: unknown, ir: unknown, wireTitle: string, irTitle: string, hasBoth: boolean): HTMLElement {
  return h(
    'div',
    { class: 'sides' },
    h(
      'div',
      { class: 'side side-wire' },
      h('h3', {}, wireTitle),
      wire === undefined
        ? h('p', { class: 'none' }, 'No HTTP body (the model made no HTTP request).')
        : renderJson(wire, hasBoth ? indexLeaves(ir) : undefined),
    ),
    h(
      'div',
      { class: 'side side-ir' },
      h('h3', {}, irTitle),
      ir === undefined
        ? h('p', { class: 'none' }, 'No IR (the call failed before an answer).')
        : renderJson(ir, hasBoth ? indexLeaves(wire) : undefined),
    ),
  );
}
