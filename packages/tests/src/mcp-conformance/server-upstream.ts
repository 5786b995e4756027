/**
 * The project's own upstream for the conformance suite's server scenarios: an SDK v2 server (both
 * eras, over stdio) with the tools, resources and prompts the scenarios name. The suite tests the
 * aggregator in front of it (`server-conformance.test.ts`); the scenarios' expectations are what
 * this server answers, so what passes through the aggregator is checked end to end.
 */
import { fromJsonSchema, McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { registerInputRequiredTools, upstreamRequestState } from './server-upstream-input-required';

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAVE = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const schema = (properties: Record<string, unknown>, required: string[] = []) =>
  fromJsonSchema({ type: 'object', properties, required } as never);

function elicitForm(message: string, properties: Record<string, unknown>, required: string[] = []) {
  return { message, requestedSchema: { type: 'object', properties, required } };
}

function createUpstream(): McpServer {
  const server = new McpServer(
    { name: 'interlingua-conformance-upstream', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      requestState: { verify: upstreamRequestState.verify },
    },
  );
  const log = (data: string) =>
    server.server
      .notification({ method: 'notifications/message', params: { level: 'info', logger: 'upstream', data } })
      .catch(() => {});

  server.registerTool('test_simple_text', { description: 'Answers with one text block' }, async () =>
    text('This is a simple text response for testing.'),
  );
  server.registerTool('test_image_content', { description: 'Answers with an image' }, async () => ({
    content: [{ type: 'image', data: PIXEL, mimeType: 'image/png' }],
  }));
  server.registerTool('test_audio_content', { description: 'Answers with audio' }, async () => ({
    content: [{ type: 'audio', data: WAVE, mimeType: 'audio/wav' }],
  }));
  server.registerTool('test_embedded_resource', { description: 'Answers with an embedded resource' }, async () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }));
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Answers with text, image and resource' },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PIXEL, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: '{"test":"data","value":123}',
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three lines while it runs', inputSchema: schema({}) },
    async (_args, ctx) => {
      for (const line of ['Tool execution started', 'Tool processing data', 'Tool execution completed']) {
        await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: line } });
        await sleep(20);
      }
      return text('Tool with logging executed successfully');
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50, 100', inputSchema: schema({}) },
    async (_args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
      for (const progress of [0, 50, 100]) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` },
        });
        await sleep(20);
      }
      return text(String(progressToken));
    },
  );
  server.registerTool('test_error_handling', { description: 'Always fails' }, async () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  server.registerTool(
    'test_sampling',
    { description: 'Asks its client to sample', inputSchema: schema({ prompt: { type: 'string' } }, ['prompt']) },
    async (args, ctx) => {
      const { prompt } = args as { prompt: string };
      const result = (await ctx.mcpReq.send({
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 },
      })) as { content?: { text?: string } };
      return text(`LLM response: ${result.content?.text ?? 'No response'}`);
    },
  );
  const elicitTool = (
    name: string,
    params: (args: Record<string, unknown>) => Record<string, unknown>,
    input = schema({}),
  ) =>
    server.registerTool(name, { description: `Elicits (${name})`, inputSchema: input }, async (args, ctx) => {
      const result = (await ctx.mcpReq.send({ method: 'elicitation/create', params: params(args as never) })) as {
        action?: string;
        content?: unknown;
      };
      return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
    });
  elicitTool(
    'test_elicitation',
    (args) =>
      elicitForm(String(args.message), { response: { type: 'string', description: "User's response" } }, ['response']),
    schema({ message: { type: 'string' } }, ['message']),
  );
  elicitTool('test_elicitation_sep1034_defaults', () =>
    elicitForm('Please review and update the form fields with defaults', {
      name: { type: 'string', description: 'User name', default: 'John Doe' },
      age: { type: 'integer', description: 'User age', default: 30 },
      score: { type: 'number', description: 'User score', default: 95.5 },
      status: {
        type: 'string',
        description: 'User status',
        enum: ['active', 'inactive', 'pending'],
        default: 'active',
      },
      verified: { type: 'boolean', description: 'Verification status', default: true },
    }),
  );
  elicitTool('test_elicitation_sep1330_enums', () =>
    elicitForm('Please select options from the enum fields', {
      untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
      titledSingle: {
        type: 'string',
        description: 'Select one option with titles',
        oneOf: [
          { const: 'value1', title: 'First Option' },
          { const: 'value2', title: 'Second Option' },
          { const: 'value3', title: 'Third Option' },
        ],
      },
      legacyEnum: {
        type: 'string',
        description: 'Select one option (legacy)',
        enum: ['opt1', 'opt2', 'opt3'],
        enumNames: ['Option One', 'Option Two', 'Option Three'],
      },
      untitledMulti: {
        type: 'array',
        description: 'Select multiple options',
        minItems: 1,
        maxItems: 3,
        items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
      },
      titledMulti: {
        type: 'array',
        description: 'Select multiple options with titles',
        minItems: 1,
        maxItems: 3,
        items: {
          anyOf: [
            { const: 'value1', title: 'First Choice' },
            { const: 'value2', title: 'Second Choice' },
            { const: 'value3', title: 'Third Choice' },
          ],
        },
      },
    }),
  );
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'A tool whose input schema uses JSON Schema 2020-12',
      inputSchema: fromJsonSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      } as never),
    },
    async (args) => text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`),
  );

  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static Text Resource', description: 'A static text resource', mimeType: 'text/plain' },
    async () => ({
      contents: [
        { uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
      ],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { title: 'Static Binary Resource', description: 'A PNG', mimeType: 'image/png' },
    async () => ({ contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PIXEL }] }),
  );
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { title: 'Resource Template', description: 'Data per id', mimeType: 'application/json' },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.toString(),
          mimeType: 'application/json',
          text: JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${variables.id}` }),
        },
      ],
    }),
  );
  server.registerResource(
    'watched-resource',
    'test://watched-resource',
    { title: 'Watched Resource', description: 'A resource to subscribe to', mimeType: 'text/plain' },
    async () => ({
      contents: [{ uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource content' }],
    }),
  );
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    await log(`Subscribed to resource: ${request.params.uri}`);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    await log(`Unsubscribed from resource: ${request.params.uri}`);
    return {};
  });

  server.registerPrompt(
    'test_simple_prompt',
    { title: 'Simple Test Prompt', description: 'No arguments' },
    async () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Prompt With Arguments',
      description: 'Two required arguments',
      argsSchema: schema({ arg1: { type: 'string' }, arg2: { type: 'string' } }, ['arg1', 'arg2']),
    },
    async (args) => {
      const { arg1, arg2 } = args as { arg1: string; arg2: string };
      return {
        messages: [
          { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
        ],
      };
    },
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      title: 'Prompt With Embedded Resource',
      description: 'Embeds a resource',
      argsSchema: schema({ resourceUri: { type: 'string' } }, ['resourceUri']),
    },
    async (args) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: (args as { resourceUri: string }).resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_image',
    { title: 'Prompt With Image', description: 'An image' },
    async () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PIXEL, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  );
  server.server.setRequestHandler('logging/setLevel', async (request) => {
    await log(`Log level set to: ${request.params.level}`);
    return {};
  });
  server.server.setRequestHandler('completion/complete', async () => ({
    completion: { values: [], total: 0, hasMore: false },
  }));
  registerInputRequiredTools(server);
  return server;
}

serveStdio(() => createUpstream());
