import { formatCost } from '../../format-cost';
import type { TraceLine } from '../../trace/trace-line-schema';
import { h, svg } from './dom';

type Response = Extract<TraceLine, { type: 'model-response' }>;
type Cost = NonNullable<Response['cost']>;

const SERIES = [
  { name: 'input', label: 'input tokens', pick: (response: Response) => response.usage?.inputTokens ?? 0 },
  { name: 'output', label: 'output tokens', pick: (response: Response) => response.usage?.outputTokens ?? 0 },
  {
    name: 'cached',
    label: 'cached input tokens',
    pick: (response: Response) => response.usage?.cachedInputTokens ?? 0,
  },
] as const;

/** A call that failed before any usage was reported: nothing was billed for it. */
const unbilled = (response: Response) =>
  response.usage === undefined && response.cost === undefined && response.error !== undefined;

/** The sum of the calls' costs; `'unknown'` when one is unknown (a failed call without usage costs nothing). */
export function totalCost(responses: readonly Response[]): Cost {
  let total = 0;
  for (const response of responses) {
    if (unbilled(response)) continue;
    if (response.cost === undefined || response.cost === 'unknown') return 'unknown';
    total += response.cost.total;
  }
  return { currency: 'USD', total, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 };
}

/**
 * Input, output and cached tokens of each model call as three lines of points (the input line
 * climbs as the history grows), and a table of each call's tokens and cost with the totals; a
 * failed call is a row of the table (with its error) and no point of the chart.
 */
export function renderChart(all: readonly Response[]): HTMLElement {
  const responses = all.filter((response) => response.usage !== undefined);
  // Drawn at about the size it is shown (the aside is ~440 px wide), so 12 px text stays 12 px.
  const width = 440;
  const height = 180;
  const left = 48;
  const bottom = 24;
  const top = 12;
  const right = 16;
  const max = Math.max(1, ...responses.flatMap((response) => SERIES.map((series) => series.pick(response))));
  // The first call's label sits clear of the y axis's "0".
  const x = (index: number) =>
    left +
    14 +
    (responses.length <= 1
      ? (width - left - 14 - right) / 2
      : (index * (width - left - 14 - right)) / (responses.length - 1));
  const y = (value: number) => top + (1 - value / max) * (height - top - bottom);
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'chart',
    role: 'img',
    'aria-label': 'Tokens per model call',
  });
  for (const fraction of [0, 0.5, 1]) {
    const value = Math.round(max * fraction);
    chart.append(
      svg('line', { x1: left, x2: width - right, y1: y(value), y2: y(value), class: 'grid' }),
      svg(
        'text',
        { x: left - 6, y: y(value) + 4, class: 'axis', 'text-anchor': 'end' },
        document.createTextNode(String(value)),
      ),
    );
  }
  responses.forEach((response, index) => {
    chart.append(
      svg(
        'text',
        { x: x(index), y: height - 6, class: 'axis', 'text-anchor': 'middle' },
        document.createTextNode(`#${response.call ?? index + 1}`),
      ),
    );
  });
  for (const series of SERIES) {
    const points = responses.map((response, index) => `${x(index)},${y(series.pick(response))}`).join(' ');
    chart.append(svg('polyline', { points, class: `series series-${series.name}` }));
    responses.forEach((response, index) => {
      const value = series.pick(response);
      const point = svg('circle', {
        cx: x(index),
        cy: y(value),
        r: 4,
        class: `point point-${series.name}`,
        'data-series': series.name,
        'data-call': String(response.call ?? index + 1),
        'data-value': value,
      });
      point.append(
        svg('title', {}, document.createTextNode(`call ${response.call ?? index + 1}: ${value} ${series.label}`)),
      );
      chart.append(point);
    });
  }
  const legend = h(
    'div',
    { class: 'legend' },
    ...SERIES.map((series) => h('span', { class: `swatch swatch-${series.name}` }, series.label)),
  );
  const rows = all.map((response, index) =>
    h(
      'tr',
      { 'data-call': String(response.call ?? index + 1), class: response.error === undefined ? '' : 'failed' },
      h('td', {}, `#${response.call ?? index + 1}`),
      h(
        'td',
        {},
        `${response.provider}:${response.model}`,
        response.error === undefined
          ? null
          : h('span', { class: 'call-error' }, ` ${response.wire?.status ?? ''} ${response.error.name}`),
      ),
      h('td', { class: 'num' }, String(response.usage?.inputTokens ?? '–')),
      h('td', { class: 'num' }, String(response.usage?.outputTokens ?? '–')),
      h('td', { class: 'num' }, String(response.usage?.cachedInputTokens ?? (response.usage ? 0 : '–'))),
      h(
        'td',
        { class: 'num cost' },
        unbilled(response) ? 'failed, not billed' : formatCost(response.cost ?? 'unknown'),
      ),
    ),
  );
  const sum = (pick: (response: Response) => number | undefined) =>
    String(all.reduce((total, response) => total + (pick(response) ?? 0), 0));
  const table = h(
    'table',
    { class: 'calls' },
    h(
      'thead',
      {},
      h('tr', {}, ...['call', 'model', 'input', 'output', 'cached', 'cost'].map((name) => h('th', {}, name))),
    ),
    h('tbody', {}, ...rows),
    h(
      'tfoot',
      {},
      h(
        'tr',
        {},
        h('td', { colspan: 2 }, `total · ${all.length} call${all.length === 1 ? '' : 's'}`),
        h(
          'td',
          { class: 'num', id: 'total-input' },
          sum((response) => response.usage?.inputTokens),
        ),
        h(
          'td',
          { class: 'num', id: 'total-output' },
          sum((response) => response.usage?.outputTokens),
        ),
        h(
          'td',
          { class: 'num', id: 'total-cached' },
          sum((response) => response.usage?.cachedInputTokens),
        ),
        h('td', { class: 'num', id: 'total-cost' }, formatCost(totalCost(responses))),
      ),
    ),
  );
  return h('section', { id: 'usage' }, h('h2', {}, 'Tokens and cost per model call'), chart, legend, table);
}
