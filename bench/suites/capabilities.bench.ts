import { capabilitiesOf, reactFormat, tagFormat } from '@interlingua/capabilities';
import { lowerJsonSchema } from '@interlingua/capabilities/internal';
import type { JSONObject, SchemaCapabilities } from '@interlingua/core';
import { type Comparison, compare, report } from '../harness';

const args = { city: 'Saint-Étienne "the {green} city" 北京', unit: 'celsius', days: 3, notes: 'say "hi" '.repeat(20) };
const argsText = JSON.stringify(args);
const reactReply = `Thought: I need the weather for several cities.\n${Array.from({ length: 10 }, () => `Action: get_weather\nAction Input: ${argsText}`).join('\n')}`;
const tagReply = Array.from(
  { length: 10 },
  () => `<tool_call>\n{"name": "get_weather", "arguments": ${argsText}}\n</tool_call>`,
).join('\n');
const chunks = reactReply.match(/.{1,4}/gs) ?? [];

function parseAll(format: typeof reactFormat, pieces: readonly string[]): number {
  let id = 0;
  const parser = format.createParser({ generateId: () => `c${++id}`, toolNames: ['get_weather'] });
  let events = 0;
  for (const piece of pieces) events += parser.push(piece).length;
  return events + parser.end().length;
}

const lowering: SchemaCapabilities = {
  ref: false,
  anyOf: false,
  allOf: false,
  oneOf: false,
  formats: false,
  nullable: false,
  additionalProperties: false,
};
const schema: JSONObject = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    Array.from({ length: 20 }, (_, index) => [
      `field${index}`,
      index % 2 === 0
        ? { $ref: '#/$defs/place' }
        : { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    ]),
  ),
  $defs: { place: { type: 'object', properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } } } },
};
const schemaText = JSON.stringify(schema);
const ids = [
  'openai:gpt-4.1-mini',
  'anthropic:claude-sonnet-4-5',
  'ollama:qwen2.5:7b',
  'vllm:meta-llama/Llama-3.1-8B-Instruct',
];
const table = new Map(ids.map((id) => [id, { contextWindow: 1 }]));

export async function run(): Promise<void> {
  const comparisons: Comparison[] = [
    {
      name: 'ReAct reply with 10 actions, parsed whole vs JSON.parse × 10',
      baseline: () => {
        for (let index = 0; index < 10; index++) JSON.parse(argsText);
      },
      subject: () => parseAll(reactFormat, [reactReply]),
    },
    {
      name: 'same reply streamed in 4-char chunks vs JSON.parse × 10',
      baseline: () => {
        for (let index = 0; index < 10; index++) JSON.parse(argsText);
      },
      subject: () => parseAll(reactFormat, chunks),
    },
    {
      name: '<tool_call> reply with 10 calls vs JSON.parse × 10',
      baseline: () => {
        for (let index = 0; index < 10; index++) JSON.parse(`{"name": "get_weather", "arguments": ${argsText}}`);
      },
      subject: () => parseAll(tagFormat, [tagReply]),
    },
    {
      name: 'capabilitiesOf × 4 vs Map.get × 4',
      baseline: () => ids.map((id) => table.get(id)),
      subject: () => ids.map((id) => capabilitiesOf(id)),
    },
    {
      name: 'lowerJsonSchema (20 props, refs, unions) vs JSON.parse of it',
      baseline: () => JSON.parse(schemaText),
      subject: () => lowerJsonSchema(schema, lowering, 'tools[0].inputSchema'),
    },
  ];
  report('capabilities', await compare(comparisons));
}
