import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCosts, type Cost, formatCost, type TraceLine, traceLineSchema, ZERO_COST } from 'interlingua';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, ensureBuilt } from './ensure-built';
import { cleanEnv, ROOT, run } from './umbrella-fixtures';

// Real processes (the demo, its MCP server, the CLI) and a real browser: generous on a loaded machine.
const TIMEOUT = 120_000;
const ARTIFACTS = join(ROOT, 'test-artifacts');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const children: ChildProcess[] = [];
let browser: BrowserContext;
let page: Page;
let file: string;
let lines: TraceLine[];

/** Starts `interlingua trace` and resolves with the address it prints. */
function serve(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BUILT_CLI, 'trace', ...args], {
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (url !== undefined) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`interlingua trace exited with ${code}`)));
  });
}

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
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'interlingua-chromium-')), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1440, height: 960 },
  });
  page = browser.pages()[0] ?? (await browser.newPage());
  // The page may load nothing from outside: any request that is not to its own server fails the test.
  await page.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => route.abort());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const child of children) child.kill();
});

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
    expect(mcpTitles.slice(0, 4)).toEqual(['initialize #0', 'result #0', 'notifications/initialized', 'tools/list #1']);
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
