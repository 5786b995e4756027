import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { BUILT_CLI } from './ensure-built';
import { cleanEnv } from './umbrella-fixtures';

/** Headless Debian Chromium for the trace page's tests, and the `interlingua trace` servers they start. */
export type TracePageBrowser = {
  page: Page;
  /** Starts `interlingua trace` and resolves with the address it prints. */
  serve(args: string[]): Promise<string>;
  /** Saves a full-page screenshot at each width into a temp folder; returns the files. */
  screenshots(name: string, widths?: readonly number[]): Promise<string[]>;
  close(): Promise<void>;
};

/** Launches Chromium with a page that may load nothing but the trace server (any other request is aborted). */
export async function openTracePageBrowser(): Promise<TracePageBrowser> {
  const children: ChildProcess[] = [];
  const shots = mkdtempSync(join(tmpdir(), 'interlingua-trace-shots-'));
  const browser: BrowserContext = await chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), 'interlingua-chromium-')),
    {
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
      viewport: { width: 1400, height: 960 },
    },
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => route.abort());
  return {
    page,
    serve(args) {
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
    },
    async screenshots(name, widths = [900, 1400]) {
      const files: string[] = [];
      const before = page.viewportSize() ?? { width: 1400, height: 960 };
      for (const width of widths) {
        await page.setViewportSize({ width, height: 960 });
        const path = join(shots, `${name}-${width}.png`);
        await page.screenshot({ path, fullPage: true });
        files.push(path);
      }
      await page.setViewportSize(before);
      return files;
    },
    async close() {
      await browser.close();
      for (const child of children) child.kill();
    },
  };
}
