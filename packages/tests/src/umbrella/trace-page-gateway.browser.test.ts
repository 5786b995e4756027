import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TraceLine, traceLineSchema } from 'interlingua';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './ensure-built';
import { recordGatewayTrace } from './record-gateway-trace';
import { openTracePageBrowser, type TracePageBrowser } from './trace-page-browser';

// The page of a gateway's trace (recorded through a real gateway and the official SDKs), in Chromium.
let browser: TracePageBrowser;
let page: Page;
let file: string;
let lines: TraceLine[];

beforeAll(async () => {
  ensureBuilt();
  file = join(mkdtempSync(join(tmpdir(), 'interlingua-trace-gateway-')), 'gateway.jsonl');
  await recordGatewayTrace(file);
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

describe('interlingua trace: the page of a gateway trace, in Chromium', { timeout: 120_000 }, () => {
  it('is titled as a gateway trace, groups each client request, and prices every backend call, the failed one too', async () => {
    await page.goto(await browser.serve([file]));
    await page.locator('.leg').first().waitFor();

    expect(await page.locator('h1').textContent()).toMatch(/^Interlingua gateway trace /);
    // The host lane is the gateway, and there is no empty MCP lane.
    expect(await page.locator('.lane-title strong').allTextContents()).toEqual(['Gateway', 'Model']);
    expect(await page.locator('.lane-title.lane-host span').textContent()).toBe('3 client requests');
    expect(await page.locator('[data-lane="mcp"]').count()).toBe(0);

    // One group per client request, the user's message as its row.
    expect(
      await page.locator('.turn-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-request-id'))),
    ).toEqual(['page-json-1', 'page-stream-1', 'page-fallback-1']);
    expect(await page.locator('.turn-row .user-message').allTextContents()).toEqual([
      '北京今天天气怎么样？请用一句话回答。',
      '上海今天天气怎么样？',
      'Will it rain in Shanghai tomorrow?',
    ]);
    expect(await page.locator('.turn-request .leg').count()).toBe(lines.length - 1);

    // Every backend call is one model call, in the filter, the summary and the cost table — the failed one included.
    const responses = lines.filter((line) => line.type === 'model-response');
    expect(responses).toHaveLength(4);
    expect(await page.locator('.filters label').nth(1).textContent()).toBe(' model calls (4)');
    expect(await page.locator('.summary').textContent()).toContain('3 client requests · 4 backend calls');
    const rows = await page.locator('table.calls tbody tr').allTextContents();
    expect(rows).toHaveLength(4);
    expect(rows[2]).toContain('openai:broken');
    expect(rows[2]).toContain('500 APICallError');
    expect(rows[2]).toContain('failed, not billed');
    // The failed call billed nothing, so the total is the three answers' (a number, not "unknown").
    expect(await page.locator('#total-cost').textContent()).toMatch(/^\$0\.\d+$/);
    expect(await page.locator('#total-input').textContent()).toBe('36');

    // Waterfall bars for the exchanges, on the shared axis.
    const widths = await page
      .locator('.leg[data-type="gateway-response"] .wf-bar')
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().width));
    expect(widths).toHaveLength(3);
    for (const width of widths) expect(width).toBeGreaterThan(0);

    // A gateway leg opens to the inbound request, the backend and the answer (not the raw record).
    await page.locator('.leg[data-type="gateway-request"]').last().click();
    const body = page.locator('.leg-body');
    const inbound = (await body.locator('.part-inbound').textContent()) ?? '';
    expect(inbound).toContain('POST /v1/chat/completions · openai.chat · openai');
    expect(inbound).toContain('Will it rain in Shanghai tomorrow?');
    expect(await body.locator('.part-inbound table.headers th').allTextContents()).toContain('authorization');
    expect(inbound).not.toContain('sk-client-0000');
    const backend = await body.locator('.part-backend .backend-call').allTextContents();
    expect(backend).toHaveLength(2);
    expect(backend[0]).toMatch(/^openai:broken · call \d+ · 500 · .* APICallError: Internal failure$/);
    expect(backend[1]).toMatch(/^anthropic:claude-sonnet-4-6 · call \d+ · 200 · /);
    expect(await body.locator('.part-answer').textContent()).toContain('上海今天多云，22°C。');
    expect(await body.locator('.part-answer .meta').textContent()).toContain(
      '200 · from anthropic:claude-sonnet-4-6 (fallback)',
    );

    // No label cut at either width.
    for (const width of [900, 1400]) {
      await page.setViewportSize({ width, height: 960 });
      const cut = await page
        .locator('.leg .label')
        .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
      expect(cut).toBe(0);
    }
    const files = await browser.screenshots('gateway');
    console.log(`gateway trace page screenshots: ${files.join(', ')}`);
  });
});
