/**
 * The 2026-07-28 scenarios' tools of the conformance upstream (`server-upstream.ts`): multi-round-trip
 * tools and a prompt, written as the SDK has them — `inputRequired` returns, which the SDK turns into
 * server-to-client requests on a 2025-era connection (the aggregator's, today).
 */
import {
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const schema = (properties: Record<string, unknown>, required: string[] = []) =>
  fromJsonSchema({ type: 'object', properties, required } as never);

/**
 * The state this server signs (the spec's MUST for state that matters): the SDK verifies an echoed
 * one before any handler runs and refuses a tampered one with `-32602`. Pass `verify` as the
 * server's `requestState.verify`.
 */
export const upstreamRequestState = createRequestStateCodec<string>({
  key: 'interlingua-conformance-upstream-request-state-key',
});
const sign = (state: string) => upstreamRequestState.mint(state);
function verified(ctx: ServerContext): string | undefined {
  const state = ctx.mcpReq.requestState<string>();
  return typeof state === 'string' ? state : undefined;
}
const nameForm = (message: string, field = 'name') => ({
  method: 'elicitation/create' as const,
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [field]: { type: 'string' } }, required: [field] },
  },
});
const sample = (prompt: string, maxTokens: number) => ({
  method: 'sampling/createMessage' as const,
  params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens },
});
const roots = { method: 'roots/list' as const, params: {} };
const answered = (ctx: ServerContext, ...keys: string[]) =>
  keys.every((key) => ctx.mcpReq.inputResponses?.[key] !== undefined);
const contentOf = (ctx: ServerContext, key: string) =>
  (ctx.mcpReq.inputResponses?.[key] as { content?: Record<string, unknown> } | undefined)?.content ?? {};

/** The 2026-07-28 scenarios' multi-round-trip tools, written as the SDK has them: `inputRequired` returns. */
export function registerInputRequiredTools(server: McpServer): void {
  const tool = (name: string, handler: (ctx: ServerContext) => unknown | Promise<unknown>) =>
    server.registerTool(
      name,
      { description: `Multi-round-trip (${name})`, inputSchema: schema({}) },
      async (_args, ctx) => (await handler(ctx)) as never,
    );
  tool('test_input_required_result_elicitation', (ctx) =>
    answered(ctx, 'user_name')
      ? text(`Hello, ${String(contentOf(ctx, 'user_name').name)}!`)
      : inputRequired({ inputRequests: { user_name: nameForm('What is your name?') } as never }),
  );
  tool('test_input_required_result_sampling', (ctx) => {
    const result = ctx.mcpReq.inputResponses?.capital_question as { content?: { text?: string } } | undefined;
    return result !== undefined
      ? text(`The answer: ${result.content?.text ?? ''}`)
      : inputRequired({ inputRequests: { capital_question: sample('What is the capital of France?', 100) } as never });
  });
  tool('test_input_required_result_list_roots', (ctx) => {
    const result = ctx.mcpReq.inputResponses?.client_roots as { roots?: unknown[] } | undefined;
    return result !== undefined
      ? text(`Roots: ${result.roots?.length ?? 0}`)
      : inputRequired({ inputRequests: { client_roots: roots } as never });
  });
  tool('test_input_required_result_request_state', async (ctx) =>
    verified(ctx) === 'confirm' && answered(ctx, 'confirm')
      ? text('Confirmed: state-ok')
      : inputRequired({
          inputRequests: {
            confirm: {
              method: 'elicitation/create',
              params: {
                message: 'Please confirm',
                requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
              },
            },
          } as never,
          requestState: await sign('confirm'),
        }),
  );
  tool('test_input_required_result_multiple_inputs', async (ctx) =>
    verified(ctx) === 'multiple' && answered(ctx, 'user_name', 'greeting', 'client_roots')
      ? text('All inputs received: state-ok')
      : inputRequired({
          inputRequests: {
            user_name: nameForm('What is your name?'),
            greeting: sample('Generate a greeting', 50),
            client_roots: roots,
          } as never,
          requestState: await sign('multiple'),
        }),
  );
  tool('test_input_required_result_multi_round', async (ctx) => {
    const state = verified(ctx);
    if (state?.startsWith('round-2:') && answered(ctx, 'step2')) {
      return text(`Multi-round complete: ${state.slice(8)} likes ${String(contentOf(ctx, 'step2').color)}`);
    }
    if (state === 'round-1' && answered(ctx, 'step1')) {
      return inputRequired({
        inputRequests: { step2: nameForm('Step 2: What is your favorite color?', 'color') } as never,
        requestState: await sign(`round-2:${String(contentOf(ctx, 'step1').name)}`),
      });
    }
    return inputRequired({
      inputRequests: { step1: nameForm('Step 1: What is your name?') } as never,
      requestState: await sign('round-1'),
    });
  });
  tool('test_input_required_result_tampered_state', async (ctx) =>
    verified(ctx) === 'tamper' && answered(ctx, 'confirm')
      ? text('state-ok')
      : inputRequired({
          inputRequests: { confirm: nameForm('Please confirm') } as never,
          requestState: await sign('tamper'),
        }),
  );
  tool('test_input_required_result_capabilities', (ctx) => {
    if (answered(ctx, 'greeting') || answered(ctx, 'user_name')) return text('Inputs received.');
    const declared = ctx.mcpReq.envelope?.['io.modelcontextprotocol/clientCapabilities' as never] as
      | Record<string, unknown>
      | undefined;
    const requests: Record<string, unknown> = {};
    if (declared === undefined || declared.sampling !== undefined)
      requests.greeting = sample('Generate a greeting', 50);
    if (declared === undefined || declared.elicitation !== undefined)
      requests.user_name = nameForm('What is your name?');
    return inputRequired({ inputRequests: requests as never });
  });
  tool('test_missing_capability', (ctx) =>
    answered(ctx, 'completion')
      ? text('Sampled.')
      : inputRequired({ inputRequests: { completion: sample('Say hello', 20) } as never }),
  );
  server.registerTool(
    'test_logging_tool',
    { description: 'Logs one line', inputSchema: schema({}) },
    async (_args, ctx) => {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: 'A log line' } });
      return text('Logged.');
    },
  );
  // The response stream of a call carries only that call's frames: a plain result.
  tool('test_streaming_elicitation', () => text('No server-initiated request on this stream.'));
  server.registerPrompt(
    'test_input_required_result_prompt',
    { title: 'Prompt that asks first', description: 'Elicits the context, then answers' },
    async (ctx) => {
      const context = ctx as unknown as ServerContext;
      return (
        answered(context, 'user_context')
          ? {
              messages: [
                {
                  role: 'user',
                  content: { type: 'text', text: `Context: ${String(contentOf(context, 'user_context').context)}` },
                },
              ],
            }
          : inputRequired({
              inputRequests: { user_context: nameForm('What context should the prompt use?', 'context') } as never,
            })
      ) as never;
    },
  );
}
