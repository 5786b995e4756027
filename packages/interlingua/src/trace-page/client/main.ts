/// <reference lib="dom" />

import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import type { TraceProblem } from '../parse-trace-lines';
import type { LegKind } from './describe-leg';
import { h } from './dom';
import { renderChart, totalCost } from './render-chart';
import { renderTimeline } from './render-timeline';
import { summarizeTrace, type TraceSummary } from './trace-summary';

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

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function renderHeader(summary: TraceSummary): HTMLElement {
  const start = state.lines.find((line) => line.type === 'trace-start');
  const legs = state.lines.filter((line) => line.type !== 'trace-start').length;
  const { counts, tokens } = summary;
  const parts = summary.gateway
    ? [plural(counts.gateway, 'client request'), plural(counts.model, 'backend call')]
    : [plural(counts.mcp, 'MCP frame'), plural(counts.model, 'model call'), plural(counts.tool, 'tool call')];
  return h(
    'header',
    {},
    h(
      'h1',
      {},
      summary.gateway ? 'Interlingua gateway trace ' : 'Interlingua trace ',
      h('span', { class: 'file' }, state.file),
    ),
    h(
      'p',
      { class: 'summary' },
      h('span', { id: 'leg-count' }, plural(legs, 'leg')),
      ...parts.map((part) => ` · ${part}`),
      ' · ',
      h(
        'span',
        { id: 'token-total' },
        `${tokens.input} in / ${tokens.output} out${tokens.cached > 0 ? ` (${tokens.cached} cached)` : ''} tokens`,
      ),
      ' · ',
      h('span', { id: 'cost-total' }, formatCost(totalCost(summary.responses))),
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
          ` ${label} (${counts[kind]})`,
        ),
      ),
    ),
  );
}

function render(): void {
  const app = document.getElementById('app');
  if (app === null) return;
  const summary = summarizeTrace(state.lines);
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
  app.replaceChildren(
    renderHeader(summary),
    h('main', {}, renderTimeline(state, summary, render), h('aside', {}, renderChart(summary.responses), warningList)),
  );
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
