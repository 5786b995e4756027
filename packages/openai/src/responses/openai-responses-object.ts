import type { ResponseError, ResponseOutputItem, ResponseUsage } from 'openai/resources/responses/responses';
import type { OpenAIResponsesResponseBody } from './openai-responses-api';

/** What varies between the `response` objects the gateway writes. */
export type OpenAIResponsesObjectFields = {
  id: string;
  createdAt: number;
  model: string;
  status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
  output: ResponseOutputItem[];
  usage?: ResponseUsage;
  error?: { code: string; message: string };
  incompleteDetails?: { reason: 'max_output_tokens' | 'content_filter' } | null;
};

/**
 * A `response` object as the API writes it (the gateway direction), with the request-echo
 * fields the IR does not keep at their defaults: no instructions, no tools, `tool_choice: auto`,
 * text format `text`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function openAIResponsesObject(fields: OpenAIResponsesObjectFields): OpenAIResponsesResponseBody {
  return {
    id: fields.id,
    object: 'response',
    created_at: fields.createdAt,
    status: fields.status,
    // The API's own codes are a closed list; a backend's code (`overloaded_error`, …) is passed on as is.
    error: fields.error === undefined ? null : (fields.error as ResponseError),
    incomplete_details: fields.incompleteDetails ?? null,
    instructions: null,
    metadata: {},
    model: fields.model,
    output: fields.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    temperature: null,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    truncation: 'disabled',
    ...(fields.usage === undefined ? {} : { usage: fields.usage }),
  };
}
