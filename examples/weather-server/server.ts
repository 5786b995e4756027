/**
 * A small MCP server over stdio: one tool, `get_weather({ city })`, over the built-in offline
 * data of `weather-data.ts`. An unknown city is a tool error (`isError: true`) with a
 * suggestion; a call without a string `city` or to another tool is a JSON-RPC error, as the
 * MCP spec separates the two.
 *
 * Run it with `pnpm exec tsx examples/weather-server/server.ts`, or list it in an mcp.json
 * (see `mcp.json` beside this file).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { lookupWeather } from './weather-data';

const server = new Server(
  { name: 'weather-server', version: '0.3.0' },
  { capabilities: { tools: {} }, instructions: 'Offline weather for a few cities (北京, 上海, Paris, …).' },
);

server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'get_weather',
      description: '根据城市名查询实时天气',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string', description: '城市名，如北京' } },
        required: ['city'],
      },
    },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, (request) => {
  if (request.params.name !== 'get_weather') {
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. Expected get_weather.`);
  }
  const city = request.params.arguments?.['city'];
  if (typeof city !== 'string' || city.trim() === '') {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Expected \`city\` to be a non-empty string, got ${JSON.stringify(city) ?? 'nothing'}.`,
    );
  }
  const result = lookupWeather(city);
  return { content: [{ type: 'text', text: result.text }], isError: result.isError };
});

await server.connect(new StdioServerTransport());
