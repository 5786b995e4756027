import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, run } from './umbrella-fixtures';

// Each test starts real processes (the CLI or tsx, and the MCP server): generous on a loaded machine.
const CHILD_TIMEOUT = 90_000;

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const demo = (args: string[]) => run(process.execPath, [tsxCli, join(ROOT, 'examples/weather-agent/main.ts'), ...args]);

// How each wire format shows the model's tool call in a traced response.
const wireShape = {
  openai: { url: '/v1/chat/completions', call: '"tool_calls"' },
  anthropic: { url: '/v1/messages', call: '"type":"tool_use"' },
  gemini: { url: '/v1beta/models/gemini-2.5-flash:streamGenerateContent', call: '"functionCall"' },
} as const;

describe('pnpm demo (offline model, real weather MCP server over stdio)', { timeout: CHILD_TIMEOUT }, () => {
  it.each(Object.keys(wireShape) as (keyof typeof wireShape)[])(
    '--provider %s --trace: three turns, two get_weather calls, growing input tokens, provider-shaped bodies',
    async (provider) => {
      const result = await demo(['--', '--provider', provider, '--trace']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const out = result.stdout;
      expect(out).toContain(`using the built-in offline demo model, served over the ${provider} wire protocol`);

      const turns = [...out.matchAll(/^you › (.+)$/gm)].map((match) => match[1]);
      expect(turns).toEqual(['你好', '北京今天天气怎么样？', '那上海呢？']);
      const calls = [...out.matchAll(/^ {2}→ tool call {3}(\S+) (.+)$/gm)].map((match) => [match[1], match[2]]);
      expect(calls).toEqual([
        ['weather__get_weather', '{"city":"北京"}'],
        ['weather__get_weather', '{"city":"上海"}'],
      ]);
      expect(out).toContain('model › 你好！有什么可以帮你？');
      expect(out).toContain('model › 北京今天晴，25°C，适合出门。');
      expect(out).toContain('model › 上海今天多云，22°C，适合出门。');

      const series = /^Input tokens per model call: (.+)$/m.exec(out)?.[1]?.split(' → ').map(Number) ?? [];
      expect(series).toHaveLength(5);
      for (let index = 1; index < series.length; index++) expect(series[index]).toBeGreaterThan(series[index - 1]!);

      expect(out).toContain('"method":"initialize"');
      expect(out).toContain('"method":"notifications/initialized"');
      expect(out).toContain('"method":"tools/call"');
      expect(out).toContain(wireShape[provider].url);
      expect(out).toContain(wireShape[provider].call);
    },
  );
});
