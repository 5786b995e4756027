import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCosts, type Cost, formatCost, type TraceLine, traceLineSchema, ZERO_COST } from 'interlingua';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './ensure-built';
import { openTracePageBrowser, type TracePageBrowser } from './trace-page-browser';
import { ROOT, run } from './umbrella-fixtures';

// Real processes (the demo, its MCP server, the CLI) and a real browser: generous on a loaded machine.
const TIMEOUT = 120_000;
const ARTIFACTS = join(ROOT, 'test-artifacts');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
let browser: TracePageBrowser;
let page: Page;
let file: string;
let lines: TraceLine[];

beforeAll(async () => {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-trace-page-'));
  file = join(dir, 'run.jsonl');
  // Record what the demo really writes: three turns, two get_weather calls, offline model.
  const demo = await run(process.execPath, [
    tsxCli,
    join(ROOT, 'examples/weather-agent/main.ts'),
    '--trace-file',
    file,
  ]);
  expect(demo.code, demo.stderr).toBe(0);
  lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => traceLineSchema.parse(JSON.parse(line)));
  browser = await openTracePageBrowser();
  page = browser.page;
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

const serve = (args: string[]) => browser.serve(args);

describe('interlingua trace: the page of a recorded demo run, in Chromium', { timeout: TIMEOUT }, () => {
  it('shows three lanes, every leg, both tool calls, every MCP frame, the token chart and the cost', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://127.0.0.1:')) outside.push(request.url());
    });
    await page.goto(await serve([file]));
    await page.locator('.leg').first().waitFor();

    expect(await page.locator('.lane-title').allTextContents()).toEqual([
      'MCP serverweather',
      'Hostagent loop',
      'Modelanthropic:claude-sonnet-4-6',
    ]);
    // Every line but the header is a leg, in file order.
    const legs = lines.filter((line) => line.type !== 'trace-start');
    expect(await page.locator('.leg').count()).toBe(legs.length);
    expect(
      await page.locator('.leg').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-seq')))),
    ).toEqual(legs.map((line) => line.seq));

    // Every MCP frame, in the MCP lane: the handshake, tools/list and both tools/call with their results.
    const frames = lines.filter((line) => line.type === 'mcp');
    expect(frames.length).toBeGreaterThanOrEqual(8);
    const mcpTitles = await page.locator('.leg[data-lane="mcp"] .title').allTextContents();
    expect(mcpTitles).toHaveLength(frames.length);
    // The era probe first (the demo's legacy server refuses server/discover), then the handshake.
    expect(mcpTitles.slice(0, 6)).toEqual([
      'server/discover #server-discover-probe-1',
      'error #server-discover-probe-1 -32601',
      'initialize #0',
      'result #0',
      'notifications/initialized',
      'tools/list #1',
    ]);
    expect(mcpTitles.filter((title) => title.startsWith('tools/call get_weather'))).toHaveLength(2);

    // Both tool calls in the host lane, with their arguments and results.
    const toolLegs = await page.locator('.leg[data-kind="tool"]').allTextContents();
    expect(toolLegs.filter((text) => text.includes('tool call weather__get_weather'))).toHaveLength(2);
    expect(toolLegs.join('\n')).toContain('{"city":"北京"}');
    expect(toolLegs.join('\n')).toContain('{"city":"上海"}');
    expect(toolLegs.join('\n')).toContain('北京今天晴，25°C');

    // The chart: one point per model call and series, the input line climbing with the history.
    const responses = lines.filter((line) => line.type === 'model-response');
    expect(responses).toHaveLength(5);
    for (const series of ['input', 'output', 'cached']) {
      expect(await page.locator(`circle[data-series="${series}"]`).count()).toBe(responses.length);
    }
    const input = await page
      .locator('circle[data-series="input"]')
      .evaluateAll((points) => points.map((point) => Number(point.getAttribute('data-value'))));
    expect(input).toEqual(responses.map((line) => line.usage?.inputTokens));
    for (let index = 1; index < input.length; index++) expect(input[index]).toBeGreaterThan(input[index - 1] as number);

    // The cost of every call and the total, as the file records them (Claude Sonnet 4.6's prices).
    const costs = responses.map((line) => line.cost ?? 'unknown');
    expect(costs.every((cost) => cost !== 'unknown')).toBe(true);
    expect(await page.locator('table.calls tbody .cost').allTextContents()).toEqual(costs.map(formatCost));
    const total = costs.reduce<Cost | 'unknown'>((sum, cost) => addCosts(sum, cost), ZERO_COST);
    expect(await page.locator('#total-cost').textContent()).toBe(formatCost(total));
    expect(await page.locator('#warnings h2').textContent()).toBe('Warnings (0)');

    // A leg opens to its body: the wire stream and the IR side by side, codec changes marked.
    await page.locator('.leg[data-type="model-response"]').nth(1).click();
    const body = page.locator('.leg-body');
    await body.waitFor();
    expect(await body.locator('.side h3').allTextContents()).toEqual([
      expect.stringMatching(/^Wire stream \(\d+ events\)$/),
      'IR response',
    ]);
    expect(await body.locator('.side-ir').textContent()).toContain('"tool-call"');
    expect(await body.locator('.side-wire').textContent()).toContain('"tool_use"');
    expect(await body.locator('.side-ir .chg-changed').count()).toBeGreaterThan(0);

    // Filters hide a kind of leg.
    await page.locator('input[name="filter"][value="mcp"]').uncheck();
    expect(await page.locator('.leg[data-lane="mcp"]').count()).toBe(0);
    await page.locator('input[name="filter"][value="mcp"]').check();

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'trace-page.png') });
    expect(outside).toEqual([]);
  });

  it('groups the turns under the user message, draws a waterfall, totals tokens, counts calls once, shows labels whole', async () => {
    await page.goto(await serve([file]));
    await page.locator('.leg').first().waitFor();
    type Request = Extract<TraceLine, { type: 'model-request' }>;
    type Response = Extract<TraceLine, { type: 'model-response' }>;
    const responses = lines.filter((line): line is Response => line.type === 'model-response');

    // One turn row per user message the demo sent, with that message in full (a new turn starts where the request ends with it).
    const userMessages = lines
      .filter((line): line is Request => line.type === 'model-request')
      .flatMap((line) => {
        const last = (line.ir as { messages: { role: string; content: { text?: string }[] }[] }).messages.at(-1);
        return last?.role === 'user' ? [last.content.map((part) => part.text ?? '').join(' ')] : [];
      });
    expect(userMessages).toHaveLength(3);
    expect(await page.locator('.turn-row .user-message').allTextContents()).toEqual(userMessages);
    expect(userMessages).toContain('北京今天天气怎么样？');
    // Every model call and tool call sits inside a turn; the MCP handshake before the first turn does not.
    expect(await page.locator('.turn .leg[data-kind="model"]').count()).toBe(responses.length * 2);
    expect(await page.locator('.turn .leg[data-kind="tool"]').count()).toBe(4);
    expect(await page.locator('.turn .leg[data-kind="run"]').count()).toBe(3);

    // The waterfall: every model leg has a bar of non-zero width on the shared axis, its duration the call's.
    const bars = await page.locator('.leg[data-type="model-response"] .wf-bar').evaluateAll((elements) =>
      elements.map((element) => ({
        width: element.getBoundingClientRect().width,
        duration: Number(element.getAttribute('data-duration')),
      })),
    );
    expect(bars).toHaveLength(responses.length);
    for (const [index, bar] of bars.entries()) {
      expect(bar.width).toBeGreaterThan(0);
      expect(bar.duration).toBeGreaterThanOrEqual((responses[index] as Response).durationMs - 0.1);
    }

    // Token totals beside the cost, in the header and the table's foot.
    const input = responses.reduce((sum, line) => sum + (line.usage?.inputTokens ?? 0), 0);
    const output = responses.reduce((sum, line) => sum + (line.usage?.outputTokens ?? 0), 0);
    expect(await page.locator('#token-total').textContent()).toBe(`${input} in / ${output} out tokens`);
    expect(await page.locator('#total-input').textContent()).toBe(String(input));
    expect(await page.locator('#total-output').textContent()).toBe(String(output));
    expect(await page.locator('#cost-total').textContent()).toBe(await page.locator('#total-cost').textContent());

    // One count for model calls: the filter and the summary agree (both legs of a call are one call), tool calls too.
    expect(await page.locator('.filters label').allTextContents()).toEqual([
      ` MCP frames (${lines.filter((line) => line.type === 'mcp').length})`,
      ` model calls (${responses.length})`,
      ' tool calls (2)',
      ' run totals (3)',
      ' gateway exchanges (0)',
    ]);
    expect(await page.locator('.summary').textContent()).toContain(` · ${responses.length} model calls · 2 tool calls`);

    for (const width of [900, 1400]) {
      await page.setViewportSize({ width, height: 960 });
      // Labels whole: no label is cut (nothing overflows its box), and the longest reads in full.
      const cut = await page
        .locator('.leg .label')
        .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
      expect(cut).toBe(0);
      expect(await page.locator('.leg[data-type="model-request"] .detail').first().textContent()).toBe(
        'call 1 · anthropic:claude-sonnet-4-6',
      );
      expect(await page.locator('.leg[data-type="tool-result"] .title').first().textContent()).toBe(
        'tool result weather__get_weather',
      );
      // Chart labels are drawn at a readable size (they were ~6 px, the SVG scaled down).
      const heights = await page
        .locator('svg.chart text.axis')
        .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(11);
    }

    // A tool leg opens to the tool's name, its arguments and its result, not the raw record.
    await page.locator('.leg[data-type="tool-call"]').first().click();
    const body = page.locator('.leg-body');
    expect(await body.locator('.tool-name strong').textContent()).toBe('weather__get_weather');
    expect(await body.locator('.part-arguments').textContent()).toContain('"北京"');
    expect(await body.locator('.part-result .tool-text').textContent()).toBe('北京今天晴，25°C');

    const files = await browser.screenshots('demo');
    console.log(`trace page screenshots: ${files.join(', ')}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'trace-page-tool.png') });
  });

  it('--follow shows a run as it is written', async () => {
    const live = join(mkdtempSync(join(tmpdir(), 'interlingua-trace-follow-')), 'live.jsonl');
    const text = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(live, `${text.slice(0, 6).join('\n')}\n`);
    await page.goto(await serve([live, '--follow']));
    await expect.poll(() => page.locator('.leg').count()).toBe(5);
    expect(await page.locator('.summary .live').textContent()).toContain('following');
    // The rest arrives in two writes, the first cut mid-line: only complete lines are shown.
    const rest = `${text.slice(6).join('\n')}\n`;
    appendFileSync(live, rest.slice(0, rest.length / 2));
    appendFileSync(live, rest.slice(rest.length / 2));
    await expect.poll(() => page.locator('.leg').count(), { timeout: 10_000 }).toBe(text.length - 1);
    expect(await page.locator('circle[data-series="input"]').count()).toBe(5);
  });
});
