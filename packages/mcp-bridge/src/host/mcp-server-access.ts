import { InvalidSettingError } from '@interlingua/core';
import type {
  GetPromptResult,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import { listAllPages } from './list-all-pages';
import { DEFAULT_CALL_TIMEOUT_MS } from './mcp-bridge-options';
import type { ReleaseResourceWatch } from './mcp-resource-watches';
import type { McpServerConnection } from './mcp-server-connection';
import { type McpInputRound, withInputRound } from './send-mcp-tool-call';

/**
 * The resources and prompts of one server. Lists follow `nextCursor` to the end with the same
 * guard as tools (a repeating cursor or too many pages is an `InvalidResponseError`).
 * A server that is not connected, or does not declare the capability, gives an `InvalidSettingError`.
 */
export class McpServerAccess {
  constructor(private readonly connection: McpServerConnection) {}

  private clientFor(capability: 'resources' | 'prompts') {
    const client = this.connection.client;
    const name = this.connection.name;
    if (client === undefined) {
      throw new InvalidSettingError({
        message: `Expected MCP server \`${name}\` to be connected, but it is ${this.connection.state}.`,
        cause: this.connection.error,
      });
    }
    if (client.getServerCapabilities()?.[capability] === undefined) {
      throw new InvalidSettingError({
        message: `Expected MCP server \`${name}\` to offer ${capability}, but its capabilities do not declare them.`,
      });
    }
    return client;
  }

  private options(timeout: number | undefined) {
    return { timeout: timeout ?? DEFAULT_CALL_TIMEOUT_MS };
  }

  /** Every resource the server lists (`resources/list`, all pages). */
  async listResources(options: { timeout?: number } = {}): Promise<Resource[]> {
    const client = this.clientFor('resources');
    return listAllPages(`MCP server \`${this.connection.name}\` resources/list`, async (cursor) => {
      const page = await client.listResources(
        cursor === undefined ? undefined : { cursor },
        this.options(options.timeout),
      );
      return { items: page.resources, nextCursor: page.nextCursor };
    });
  }

  /** Every resource template (`resources/templates/list`, all pages). */
  async listResourceTemplates(options: { timeout?: number } = {}): Promise<ResourceTemplate[]> {
    const client = this.clientFor('resources');
    return listAllPages(`MCP server \`${this.connection.name}\` resources/templates/list`, async (cursor) => {
      const page = await client.listResourceTemplates(
        cursor === undefined ? undefined : { cursor },
        this.options(options.timeout),
      );
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    });
  }

  /** Reads one resource; turn its `contents` into IR parts with `convertResourceContents`. */
  readResource(uri: string, options: { timeout?: number } = {}): Promise<ReadResourceResult> {
    return this.clientFor('resources').readResource({ uri }, this.options(options.timeout));
  }

  /**
   * Asks the server to report updates of `uri` (as `resource-updated` events) until the returned
   * function is called. Holds are counted: the server is asked once however many there are, told to
   * stop when the last is let go, and asked again after a reconnect (`resources/subscribe` on a
   * 2025-era server, a `subscriptions/listen` stream on a 2026-07-28 one). Resolves once the server
   * was asked — at once while it is not connected (it is asked on connect); rejects, holding
   * nothing, when the server refuses.
   */
  watchResource(uri: string): Promise<ReleaseResourceWatch> {
    return this.connection.resourceWatches.watch(uri);
  }

  /**
   * {@link watchResource} for several URIs at once: the server is asked once for all of them (one
   * request each to a 2025-era server, one stream to a 2026-07-28 one). What it refused is not
   * held and comes back in `refused`, with why.
   */
  watchResources(uris: readonly string[]): Promise<{ release: ReleaseResourceWatch; refused: Map<string, unknown> }> {
    return this.connection.resourceWatches.watchAll(uris);
  }

  /** Every prompt the server lists (`prompts/list`, all pages). */
  async listPrompts(options: { timeout?: number } = {}): Promise<Prompt[]> {
    const client = this.clientFor('prompts');
    return listAllPages(`MCP server \`${this.connection.name}\` prompts/list`, async (cursor) => {
      const page = await client.listPrompts(
        cursor === undefined ? undefined : { cursor },
        this.options(options.timeout),
      );
      return { items: page.prompts, nextCursor: page.nextCursor };
    });
  }

  /** Gets one prompt with its arguments; message contents convert with `convertMcpContent`. */
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: { timeout?: number } = {},
  ): Promise<GetPromptResult> {
    return this.clientFor('prompts').getPrompt({ name, arguments: args }, this.options(options.timeout));
  }

  /** The capabilities the server declared; `undefined` while it is not connected. */
  get capabilities(): ServerCapabilities | undefined {
    return this.connection.client?.getServerCapabilities();
  }

  /**
   * Sends one request as it is (`completion/complete`, `resources/subscribe`, …) and resolves with
   * the server's result untouched, for a host that serves it on. A JSON-RPC error rejects with its
   * code; a server that is not connected gives an `InvalidSettingError`.
   */
  request(
    method: string,
    params: Record<string, unknown> | undefined,
    options: {
      timeout?: number;
      signal?: AbortSignal;
      onProgress?: (progress: Progress) => void;
      /** As in `forwardToolCall`: for `prompts/get` and `resources/read` to a 2026-07-28 server. */
      input?: McpInputRound;
    } = {},
  ): Promise<Record<string, unknown>> {
    const client = this.connection.client;
    if (client === undefined) {
      throw new InvalidSettingError({
        message: `Expected MCP server \`${this.connection.name}\` to be connected, but it is ${this.connection.state}.`,
        cause: this.connection.error,
      });
    }
    // An input round goes only to a 2026-07-28 server; a legacy one asks through the relay.
    const input = this.connection.status().era === 'modern' ? options.input : undefined;
    const sent = input === undefined ? params : withInputRound(params ?? {}, input);
    // A spec method's result is checked against its schema by the SDK, as for the bridge's own calls.
    return client.request({ method, ...(sent === undefined ? {} : { params: sent }) } as never, {
      ...this.options(options.timeout),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onProgress === undefined ? {} : { onprogress: options.onProgress }),
      ...(input === undefined ? {} : { allowInputRequired: true }),
    }) as Promise<Record<string, unknown>>;
  }
}
