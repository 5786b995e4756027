// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${workspaceFolder}` is mcp.json syntax, not a template.
// Issue 14, item 5: config files as Cursor and VS Code write them, and errors that say where and why.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import { afterAll, describe, expect, it } from 'vitest';
import { binOf, stdioEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { parseMcpConfig } from './parse-mcp-config';

const project = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-editor-project-')));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function write(relative: string, text: string): string {
  const path = join(project, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

async function envOf(bridge: McpBridge): Promise<Record<string, string>> {
  const output = await bridge.callTool(`${bridge.servers[0]?.name}__get-env`, {});
  const part = output.content[0];
  return JSON.parse(part?.type === 'text' ? part.text : '{}') as Record<string, string>;
}

describe('editor configs', () => {
  it("Cursor's .cursor/mcp.json: ${workspaceFolder} is the project, ${userHome} the home folder, envFile read", async () => {
    write('.env', '# secrets\nexport FROM_FILE="from the file"\nOVERRIDDEN=file\n');
    const config = write(
      '.cursor/mcp.json',
      JSON.stringify({
        mcpServers: {
          everything: {
            command: process.execPath,
            args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
            envFile: '${workspaceFolder}/.env',
            env: {
              WS: '${workspaceFolder}',
              WS_NAME: '${workspaceFolderBasename}',
              HOME_DIR: '${userHome}',
              SEP: '${pathSeparator}${/}',
              OVERRIDDEN: 'env block',
            },
          },
        },
      }),
    );
    const bridge = await McpBridge.fromConfig(config);
    try {
      expect(await envOf(bridge)).toMatchObject({
        WS: project,
        WS_NAME: project.split('/').at(-1),
        HOME_DIR: homedir(),
        SEP: '//',
        FROM_FILE: 'from the file',
        OVERRIDDEN: 'env block',
      });
    } finally {
      await bridge.close();
    }
  }, 120_000);

  it("VS Code's .vscode/mcp.json (JSONC, `servers`, `inputs`, a relative envFile); workspaceFolder is an option", async () => {
    write('config/vars.env', 'TOKEN=abc # a comment\n');
    const config = write(
      '.vscode/mcp.json',
      `{
  "inputs": [],
  "servers": {
    // the everything server
    "everything": {
      "type": "stdio",
      "command": ${JSON.stringify(process.execPath)},
      "args": [${JSON.stringify(binOf('@modelcontextprotocol/server-everything'))}, "stdio"],
      "envFile": "config/vars.env",
      "env": { "WS": "\${workspaceFolder}" },
    },
  },
}`,
    );
    const bridge = await McpBridge.fromConfig(config);
    try {
      expect(await envOf(bridge)).toMatchObject({ TOKEN: 'abc', WS: project });
    } finally {
      await bridge.close();
    }
    const parsed = parseMcpConfig(
      { servers: { a: { command: 'x', args: ['${workspaceFolder}/run.js'] } } },
      { workspaceFolder: '/srv/app' },
    );
    expect(parsed.servers.a).toMatchObject({ args: ['/srv/app/run.js'] });
  }, 120_000);

  it('points at line:column, suggests the nearest key, and explains editor-only variables', async () => {
    const broken = write(
      'broken/mcp.json',
      '{\n  "mcpServers": {\n    "a": { "command": "x", }\n    "b": {}\n  }\n}\n',
    );
    await expect(McpBridge.fromConfig(broken)).rejects.toThrow(
      `mcp config ${broken}:4:5: Expected \`,\` or \`}\` after the value of "a", got "\\"".`,
    );
    const typo = write(
      'typo/mcp.json',
      '{\n  "mcpServers": {\n    "weather": {\n      "comand": "node"\n    }\n  }\n}\n',
    );
    const error = await McpBridge.fromConfig(typo).catch((thrown: unknown) => thrown);
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `${typo}:4:7: mcp server \`weather\`: \`comand\` is not a known key; did you mean \`command\`? Known keys: type, transport, command, args, env, envFile, cwd, url, headers, disabled, roots, oauth, approval, deferLoading, protocol.`,
    );
    const wrongType = write('type/mcp.json', '{ "servers": {\n  "a": { "command": "x", "args": ["ok", 1] } } }');
    await expect(McpBridge.fromConfig(wrongType)).rejects.toThrow(
      `${wrongType}:2:41: mcp server \`a\`: \`args[1]\`: expected a string, got number 1.`,
    );
    const input = write('input/mcp.json', '{ "servers": { "a": { "command": "x", "env": { "K": "${input:key}" } } } }');
    await expect(McpBridge.fromConfig(input)).rejects.toThrow(/`\$\{input:key\}` needs the editor/);
  });
});

describe('a server that exits at start', () => {
  it('says so with its exit code and the last whole lines of its stderr', async () => {
    // 200 numbered lines (more than the 4 KB kept), then the real reason.
    const script =
      "for (let i = 0; i < 200; i++) console.error('noise line ' + String(i).padStart(3, '0') + ' ' + '.'.repeat(30)); console.error('Error: Cannot find module \"/nowhere/server.js\"'); process.exit(3);";
    const error = await McpBridge.fromConfig({
      mcpServers: { weather: { command: process.execPath, args: ['-e', script] } },
    }).catch((thrown: unknown) => thrown);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^MCP server `weather` failed to start: Its process `.+ -e .+` exited with code 3 before it answered `initialize`\.\nLast lines of its stderr:\n/,
    );
    const tail = message.split('Last lines of its stderr:\n')[1]?.split('\n') ?? [];
    expect(tail.at(-1)).toBe('Error: Cannot find module "/nowhere/server.js"');
    expect(tail.slice(0, -1).every((line) => /^noise line \d{3} \.{30}$/.test(line))).toBe(true);
    expect(tail).toHaveLength(10);
  });

  it("a script that is not there (a copied config with a relative path): the exit code and node's own reason", async () => {
    const missing = join(project, 'no-such-server.js');
    const error = await McpBridge.fromConfig({
      mcpServers: {
        memory: stdioEntry('@modelcontextprotocol/server-memory', [], {
          MEMORY_FILE_PATH: join(project, 'memory.jsonl'),
        }),
        ghost: { command: process.execPath, args: [missing] },
      },
    }).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toMatch(/^MCP server `ghost` failed to start: Its process .* exited with code 1/);
    expect((error as Error).message).toMatch(/Last lines of its stderr:\n[\s\S]*Cannot find module/);
  }, 120_000);
});
