import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import { describeLeg, type Lane, type LegKind, type LegView } from './describe-leg';
import { h } from './dom';
import { groupTurns, type Turn } from './group-turns';
import { legSpans, type Span } from './leg-spans';
import { totalCost } from './render-chart';
import { renderLegBody } from './render-leg-body';
import type { TraceSummary } from './trace-summary';

/** What the timeline needs of the page's state. */
export type TimelineState = { lines: TraceLine[]; open: Set<number>; hidden: Set<LegKind> };

/** A shared time axis: where a span sits, in percent of the trace's duration. */
type Axis = { start: number; end: number };

/** A duration with its unit: `840 ms`, `5.13 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function bar(span: Span | undefined, axis: Axis, kind: string): HTMLElement {
  const cell = h('div', { class: 'wf' });
  if (span === undefined) return cell;
  const total = Math.max(1, axis.end - axis.start);
  const duration = span.end - span.start;
  const element = h('div', {
    class: `wf-bar wf-${kind}${duration <= 0 ? ' wf-point' : ''}`,
    title: `${span.start.toFixed(0)}–${span.end.toFixed(0)} ms · ${formatDuration(duration)}`,
    'data-duration': duration.toFixed(1),
  });
  // Positions are set through the CSSOM: the page's content security policy forbids style attributes.
  element.style.left = `${((span.start - axis.start) / total) * 100}%`;
  element.style.width = `${(duration / total) * 100}%`;
  // A track inset from the cell's edges, so a bar ending with the trace is not flush with the panel.
  cell.append(h('div', { class: 'wf-track' }, element));
  return cell;
}

/**
 * The text with a line-break opportunity after each `/` and `_`, so a long name
 * (`weather__get_weather`, a URL path) wraps between its parts rather than mid-word.
 */
function breakable(text: string): (Node | string)[] {
  return text.split(/(?<=[/_])/).flatMap((piece, index) => (index === 0 ? [piece] : [h('wbr'), piece]));
}

/** Arrows point where the message goes: MCP is left of the host, the model right of it. */
function arrowOf(view: LegView): string {
  if (view.lane === 'mcp') return view.arrow === '→' ? '◀' : '▶';
  if (view.lane === 'model') return view.arrow === '→' ? '▶' : '◀';
  return '●';
}

function legRows(
  line: TraceLine,
  view: LegView,
  lanes: readonly Lane[],
  state: TimelineState,
  spans: Map<number, Span>,
  axis: Axis,
  rerender: () => void,
): HTMLElement[] {
  const opened = state.open.has(line.seq);
  const toggle = () => {
    if (opened) state.open.delete(line.seq);
    else state.open.add(line.seq);
    rerender();
  };
  const full = view.detail === '' ? view.title : `${view.title} — ${view.detail}`;
  const box = h(
    'div',
    { class: `box${view.error ? ' error' : ''}`, title: full },
    h('span', { class: 'arrow' }, arrowOf(view)),
    h(
      'span',
      { class: 'label' },
      h('span', { class: 'title' }, ...breakable(view.title)),
      view.detail === '' ? null : ' ',
      view.detail === '' ? null : h('span', { class: 'detail' }, ...breakable(view.detail)),
    ),
  );
  const row = h(
    'div',
    {
      class: `leg kind-${view.kind} lane-${view.lane}${opened ? ' open' : ''}`,
      'data-type': line.type,
      'data-kind': view.kind,
      'data-lane': view.lane,
      'data-seq': line.seq,
      role: 'button',
      tabindex: 0,
      'aria-expanded': opened,
      onclick: toggle,
      onkeydown: (event) => (event as KeyboardEvent).key === 'Enter' && toggle(),
    },
    h('div', { class: 'time' }, line.ms.toFixed(0)),
    ...lanes.map((lane) => h('div', { class: `cell cell-${lane}` }, lane === view.lane ? box : null)),
    bar(spans.get(line.seq), axis, view.kind),
  );
  return opened
    ? [row, h('div', { class: 'leg-body', 'data-seq': line.seq }, renderLegBody(line, state.lines))]
    : [row];
}

/** The facts of a turn: its model calls, tokens, cost and duration. */
function turnFacts(turn: Turn, span: Span): string {
  const responses = turn.lines.filter(
    (line): line is Extract<TraceLine, { type: 'model-response' }> => line.type === 'model-response',
  );
  const input = responses.reduce((sum, line) => sum + (line.usage?.inputTokens ?? 0), 0);
  const output = responses.reduce((sum, line) => sum + (line.usage?.outputTokens ?? 0), 0);
  const run = turn.lines.find((line) => line.type === 'run-finish');
  const answer = turn.lines.find((line) => line.type === 'gateway-response');
  const cost =
    run?.type === 'run-finish'
      ? formatCost(run.cost)
      : answer?.type === 'gateway-response' && answer.costUsd !== undefined
        ? answer.costUsd === 'unknown'
          ? 'cost unknown'
          : `$${answer.costUsd.toFixed(6)}`
        : formatCost(totalCost(responses));
  const status = answer?.type === 'gateway-response' ? `${answer.status} · ` : '';
  return `${status}${responses.length} model call${responses.length === 1 ? '' : 's'} · ${input} in / ${output} out · ${cost} · ${formatDuration(span.end - span.start)}`;
}

function turnRow(turn: Turn, lanes: readonly Lane[], spans: Map<number, Span>, axis: Axis): HTMLElement {
  const own = turn.lines.flatMap((line) => spans.get(line.seq) ?? []);
  const span = { start: Math.min(...own.map((s) => s.start)), end: Math.max(...own.map((s) => s.end)) };
  const label = turn.kind === 'turn' ? `Turn ${turn.index}` : `Request ${turn.index}`;
  return h(
    'div',
    { class: `turn-row lanes-${lanes.length}`, 'data-turn': turn.index, 'data-request-id': turn.requestId },
    h('div', { class: 'time' }, span.start.toFixed(0)),
    h(
      'div',
      { class: 'turn-head' },
      h('span', { class: 'turn-label' }, label),
      turn.requestId === undefined ? null : h('span', { class: 'turn-id' }, turn.requestId),
      h('span', { class: 'user-role' }, 'user'),
      h('span', { class: 'user-message' }, turn.user === '' ? '(no user message)' : turn.user),
      h('span', { class: 'turn-facts' }, turnFacts(turn, span)),
    ),
    bar(span, axis, 'turn'),
  );
}

/** The lanes, then the legs grouped by turn (or gateway request), each with its bar on a shared time axis. */
export function renderTimeline(state: TimelineState, summary: TraceSummary, rerender: () => void): HTMLElement {
  const lanes: Lane[] = summary.gateway && summary.servers.length === 0 ? ['host', 'model'] : ['mcp', 'host', 'model'];
  const spans = legSpans(state.lines);
  const all = [...spans.values()];
  const axis = {
    start: Math.min(0, ...all.map((span) => span.start)),
    end: Math.max(1, ...all.map((span) => span.end)),
  };
  const laneTitle = (lane: Lane, title: string, sub: string) =>
    h('div', { class: `lane-title lane-${lane}`, 'data-lane': lane }, h('strong', {}, title), h('span', {}, sub));
  const titles: Record<Lane, HTMLElement> = {
    mcp: laneTitle('mcp', 'MCP server', summary.servers.join(', ') || '—'),
    host: summary.gateway
      ? laneTitle(
          'host',
          'Gateway',
          `${summary.counts.gateway} client request${summary.counts.gateway === 1 ? '' : 's'}`,
        )
      : laneTitle('host', 'Host', 'agent loop'),
    model: laneTitle('model', 'Model', summary.models.join(', ') || '—'),
  };
  const legs = (lines: readonly TraceLine[]) =>
    lines.flatMap((line) => {
      const view = describeLeg(line);
      return view === undefined || state.hidden.has(view.kind)
        ? []
        : legRows(line, view, lanes, state, spans, axis, rerender);
    });
  return h(
    'section',
    { id: 'timeline', class: `lanes-${lanes.length}` },
    h(
      'div',
      { class: 'lanes' },
      h('div', { class: 'time' }, 'ms'),
      ...lanes.map((lane) => titles[lane]),
      h('div', { class: 'wf-axis' }, h('span', {}, '0'), h('span', {}, formatDuration(axis.end - axis.start))),
    ),
    ...groupTurns(state.lines).flatMap((item) =>
      'seq' in item
        ? legs([item])
        : [h('div', { class: `turn turn-${item.kind}` }, turnRow(item, lanes, spans, axis), ...legs(item.lines))],
    ),
  );
}
