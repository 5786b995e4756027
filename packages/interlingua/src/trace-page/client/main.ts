/// <reference lib="dom" />
import type { TraceLine } from '../../trace/trace-line-schema';
import type { TraceProblem } from '../parse-trace-lines';
import { describeLeg, type Lane, type LegKind } from './describe-leg';
import { h } from './dom';
import { renderChart } from './render-chart';
import { renderLegBody } from './render-leg-body';

type Chunk = { lines: TraceLine[]; problems: TraceProblem[]; next: number; nextLine: number; restarted?: boolean };
type State = {
  file: string;
  follow: boolean;
  lines: TraceLine[];
  problems: TraceProblem[];
  open: Set<number>;
  hidden: Set<LegKind>;
  live: string;
};

const KINDS: { kind: LegKind; label: string }[] = [
  { kind: 'mcp', label: 'MCP frames' },
  { kind: 'model', label: 'model calls' },
  { kind: 'tool', label: 'tool calls' },
  { kind: 'run', label: 'run totals' },
  { kind: 'gateway', label: 'gateway exchanges' },
];
const state: State = { file: '', follow: false, lines: [], problems: [], open: new Set(), hidden: new Set(), live: '' };
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    render();
  });
}

function render(): void {
  const app = document.getElementById('app');
  if (app === null) return;
  const legs = state.lines.flatMap((line) => {
    const view = describeLeg(line);
    return view === undefined ? [] : [{ line, view }];
  });
  const responses = state.lines.filter(
    (line): line is Extract<TraceLine, { type: 'model-response' }> =>
      line.type === 'model-response' && line.usage !== undefined,
  );
  const servers = [...new Set(state.lines.flatMap((line) => (line.type === 'mcp' ? [line.server] : [])))];
  const models = [
    ...new Set(
      state.lines.flatMap((line) =>
        line.type === 'model-request' && line.call !== null ? [`${line.provider}:${line.model}`] : [],
      ),
    ),
  ];
  const start = state.lines.find((line) => line.type === 'trace-start');
  const count = (kind: LegKind) => legs.filter((leg) => leg.view.kind === kind).length;

  const header = h(
    'header',
    {},
    h('h1', {}, 'Interlingua trace ', h('span', { class: 'file' }, state.file)),
    h(
      'p',
      { class: 'summary' },
      h('span', { id: 'leg-count' }, `${legs.length} legs`),
      ` · ${count('mcp')} MCP frames · ${responses.length} model calls · ${legs.filter((leg) => leg.line.type === 'tool-call').length} tool calls`,
      start?.type === 'trace-start' ? ` · recorded by ${start.source} ${start.version}` : '',
      state.follow ? h('span', { class: 'live' }, ` · ${state.live || 'following'}`) : '',
    ),
    h(
      'form',
      { class: 'filters' },
      ...KINDS.map(({ kind, label }) =>
        h(
          'label',
          {},
          h('input', {
            type: 'checkbox',
            name: 'filter',
            value: kind,
            checked: !state.hidden.has(kind),
            onchange: (event) => {
              if ((event.target as HTMLInputElement).checked) state.hidden.delete(kind);
              else state.hidden.add(kind);
              render();
            },
          }),
          ` ${label} (${count(kind)})`,
        ),
      ),
    ),
  );

  const laneTitle = (lane: Lane, title: string, sub: string) =>
    h('div', { class: `lane-title lane-${lane}`, 'data-lane': lane }, h('strong', {}, title), h('span', {}, sub));
  const timeline = h(
    'section',
    { id: 'timeline' },
    h(
      'div',
      { class: 'lanes' },
      h('div', { class: 'time' }, 'ms'),
      laneTitle('mcp', 'MCP server', servers.join(', ') || '—'),
      laneTitle('host', 'Host', 'agent loop'),
      laneTitle('model', 'Model', models.join(', ') || '—'),
    ),
    ...legs
      .filter((leg) => !state.hidden.has(leg.view.kind))
      .flatMap(({ line, view }) => {
        const opened = state.open.has(line.seq);
        const toggle = () => {
          if (opened) state.open.delete(line.seq);
          else state.open.add(line.seq);
          render();
        };
        // Arrows point where the message goes: MCP is left of the host, the model right of it.
        const direction =
          view.lane === 'mcp'
            ? view.arrow === '→'
              ? '◀'
              : '▶'
            : view.lane === 'model'
              ? view.arrow === '→'
                ? '▶'
                : '◀'
              : '●';
        const box = h(
          'div',
          { class: `box${view.error ? ' error' : ''}` },
          h('span', { class: 'arrow' }, direction),
          h('span', { class: 'title' }, view.title),
          h('span', { class: 'detail' }, view.detail),
        );
        const cell = (lane: Lane) => h('div', { class: `cell cell-${lane}` }, lane === view.lane ? box : null);
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
          cell('mcp'),
          cell('host'),
          cell('model'),
        );
        return opened
          ? [row, h('div', { class: 'leg-body', 'data-seq': line.seq }, renderLegBody(line, state.lines))]
          : [row];
      }),
  );

  const warnings = [
    ...new Map(
      state.lines
        .flatMap((line) => (line.type === 'model-response' || line.type === 'run-finish' ? line.warnings : []))
        .map((warning) => [`${warning.type}|${warning.feature}|${warning.message}`, warning]),
    ).values(),
  ];
  const warningList = h(
    'section',
    { id: 'warnings' },
    h('h2', {}, `Warnings (${warnings.length + state.problems.length})`),
    warnings.length + state.problems.length === 0
      ? h('p', { class: 'none' }, 'None: every setting was honoured.')
      : h(
          'ul',
          {},
          ...warnings.map((w) =>
            h('li', { class: 'warning' }, h('strong', {}, `${w.type} · ${w.feature}`), ` ${w.message}`),
          ),
          ...state.problems.map((p) =>
            h('li', { class: 'problem' }, h('strong', {}, `line ${p.line}`), ` ${p.message}`),
          ),
        ),
  );

  app.replaceChildren(header, h('main', {}, timeline, h('aside', {}, renderChart(responses), warningList)));
}

function add(chunk: Chunk): void {
  if (chunk.restarted === true) {
    state.lines = [];
    state.problems = [];
    state.open.clear();
  }
  state.lines.push(...chunk.lines);
  state.problems.push(...chunk.problems);
}

async function main(): Promise<void> {
  const response = await fetch('/trace');
  if (!response.ok) {
    document.getElementById('app')?.replaceChildren(h('p', { class: 'problem' }, await response.text()));
    return;
  }
  const data = (await response.json()) as Chunk & { file: string; follow: boolean };
  state.file = data.file;
  state.follow = data.follow;
  add(data);
  render();
  if (data.follow) follow({ next: data.next, nextLine: data.nextLine });
}

/** Streams the lines added to the file; after a dropped connection, resumes from where it was. */
function follow(cursor: { next: number; nextLine: number }): void {
  const source = new EventSource(`/events?from=${cursor.next}&line=${cursor.nextLine}`);
  source.addEventListener('open', () => {
    state.live = 'following';
    schedule();
  });
  source.addEventListener('lines', (event) => {
    const chunk = JSON.parse((event as MessageEvent<string>).data) as Chunk;
    cursor.next = chunk.next;
    cursor.nextLine = chunk.nextLine;
    add(chunk);
    schedule();
  });
  source.addEventListener('error', () => {
    source.close();
    state.live = 'reconnecting…';
    schedule();
    setTimeout(() => follow(cursor), 1000);
  });
}

void main();
