import { expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import type { ChatRequest } from '../ir/chat-request';
import type { FilePart, ImagePart, ReasoningPart, TextPart } from '../ir/content-parts';
import type { HostedTool, HostedToolCall, HostedToolResult } from '../ir/hosted-tool';
import type { Message } from '../ir/message';
import type { ModelResponse } from '../ir/model-response';
import type { ReasoningSettings } from '../ir/reasoning-settings';
import type { ResponseFormat } from '../ir/response-format';
import type { StreamEvent } from '../ir/stream-event';
import type { Tool, ToolChoice } from '../ir/tool';
import type { ToolCall } from '../ir/tool-call';
import type { ToolReferencePart } from '../ir/tool-reference-part';
import type { ToolResult } from '../ir/tool-result';
import type { Usage } from '../ir/usage';
import type { Warning } from '../ir/warning';
import type { hostedToolCallSchema, hostedToolResultSchema, hostedToolSchema } from './hosted-tool-schemas';
import type {
  chatRequestSchema,
  filePartSchema,
  imagePartSchema,
  messageSchema,
  modelResponseSchema,
  reasoningPartSchema,
  reasoningSettingsSchema,
  responseFormatSchema,
  streamEventSchema,
  textPartSchema,
  toolCallSchema,
  toolChoiceSchema,
  toolReferencePartSchema,
  toolResultSchema,
  toolSchema,
  usageSchema,
  warningSchema,
} from './ir-schemas';

// The hand-written IR types (with their TSDoc) and the zod schemas must not drift apart.
test('schemas infer exactly the IR types', () => {
  expectTypeOf<z.output<typeof textPartSchema>>().toEqualTypeOf<TextPart>();
  expectTypeOf<z.output<typeof imagePartSchema>>().toEqualTypeOf<ImagePart>();
  expectTypeOf<z.output<typeof filePartSchema>>().toEqualTypeOf<FilePart>();
  expectTypeOf<z.output<typeof reasoningPartSchema>>().toEqualTypeOf<ReasoningPart>();
  expectTypeOf<z.output<typeof toolCallSchema>>().toEqualTypeOf<ToolCall>();
  expectTypeOf<z.output<typeof toolReferencePartSchema>>().toEqualTypeOf<ToolReferencePart>();
  expectTypeOf<z.output<typeof toolResultSchema>>().toEqualTypeOf<ToolResult>();
  expectTypeOf<z.output<typeof hostedToolSchema>>().toEqualTypeOf<HostedTool>();
  expectTypeOf<z.output<typeof hostedToolCallSchema>>().toEqualTypeOf<HostedToolCall>();
  expectTypeOf<z.output<typeof hostedToolResultSchema>>().toEqualTypeOf<HostedToolResult>();
  expectTypeOf<z.output<typeof messageSchema>>().toEqualTypeOf<Message>();
  expectTypeOf<z.output<typeof toolSchema>>().toEqualTypeOf<Tool>();
  expectTypeOf<z.output<typeof toolChoiceSchema>>().toEqualTypeOf<ToolChoice>();
  expectTypeOf<z.output<typeof reasoningSettingsSchema>>().toEqualTypeOf<ReasoningSettings>();
  expectTypeOf<z.output<typeof responseFormatSchema>>().toEqualTypeOf<ResponseFormat>();
  expectTypeOf<z.output<typeof chatRequestSchema>>().toEqualTypeOf<ChatRequest>();
  expectTypeOf<z.output<typeof usageSchema>>().toEqualTypeOf<Usage>();
  expectTypeOf<z.output<typeof warningSchema>>().toEqualTypeOf<Warning>();
  expectTypeOf<z.output<typeof modelResponseSchema>>().toEqualTypeOf<ModelResponse>();
  expectTypeOf<z.output<typeof streamEventSchema>>().toEqualTypeOf<StreamEvent>();
});
