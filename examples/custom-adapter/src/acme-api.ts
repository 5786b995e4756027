import { z } from 'zod';

// The wire format of Acme Chat, an imaginary provider: `POST /v1/chat` with a JSON body, answered
// with JSON or (with `"stream": true`) SSE `data:` lines ending in `data: [DONE]`. Schemas name
// only the fields the codec reads.

/** One function call of Acme's wire: `ref` is the call id, `params` the arguments object. */
export type AcmeCall = { ref: string; fn: string; params: Record<string, unknown> };
/** One answer to a call. */
export type AcmeResult = { ref: string; output: string; failed?: boolean };
/** One turn: a human or bot message, or the tool results of the bot's last calls. */
export type AcmeTurn =
  | { speaker: 'human'; text: string }
  | { speaker: 'bot'; text?: string; calls?: AcmeCall[] }
  | { speaker: 'tool'; results: AcmeResult[] };

/** The body of `POST /v1/chat`. */
export type AcmeRequest = {
  model: string;
  system?: string;
  turns: AcmeTurn[];
  functions?: { name: string; about: string; schema: Record<string, unknown> }[];
  pick?: 'auto' | 'none' | 'must' | { fn: string };
  limits?: { max_tokens?: number; temperature?: number; top_p?: number; stop?: string[] };
  stream?: boolean;
};

/** A response body. */
export type AcmeResponse = {
  id: string;
  model: string;
  reply: { text?: string; calls?: AcmeCall[] };
  end: 'done' | 'call' | 'cap' | 'blocked';
  meter: { in: number; out: number };
};

/** One stream event (the `data:` of one SSE record). */
export type AcmeStreamEvent =
  | { kind: 'start'; id: string; model: string }
  | { kind: 'text'; delta: string }
  | { kind: 'call'; ref: string; fn: string; params: string }
  | { kind: 'end'; end: AcmeResponse['end']; meter: AcmeResponse['meter'] }
  | { kind: 'fault'; code: string; message: string };

const callSchema = z.object({
  ref: z.string().min(1),
  fn: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
});
const meterSchema = z.object({ in: z.number().int().nonnegative(), out: z.number().int().nonnegative() });
const endSchema = z.enum(['done', 'call', 'cap', 'blocked']);

/** A response body as read. */
export const acmeResponseSchema = z.object({
  id: z.string(),
  model: z.string(),
  reply: z.object({ text: z.string().optional(), calls: z.array(callSchema).optional() }),
  end: endSchema,
  meter: meterSchema,
});

/** A stream event as read. */
export const acmeStreamEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start'), id: z.string(), model: z.string() }),
  z.object({ kind: z.literal('text'), delta: z.string() }),
  z.object({ kind: z.literal('call'), ref: z.string().min(1), fn: z.string().min(1), params: z.string() }),
  z.object({ kind: z.literal('end'), end: endSchema, meter: meterSchema }),
  z.object({ kind: z.literal('fault'), code: z.string(), message: z.string() }),
]);

/** A request body as read (the gateway direction). */
export const acmeRequestSchema = z.object({
  model: z.string(),
  system: z.string().optional(),
  turns: z.array(
    z.discriminatedUnion('speaker', [
      z.object({ speaker: z.literal('human'), text: z.string() }),
      z.object({ speaker: z.literal('bot'), text: z.string().optional(), calls: z.array(callSchema).optional() }),
      z.object({
        speaker: z.literal('tool'),
        results: z.array(z.object({ ref: z.string(), output: z.string(), failed: z.boolean().optional() })),
      }),
    ]),
  ),
  functions: z
    .array(z.object({ name: z.string(), about: z.string(), schema: z.record(z.string(), z.unknown()) }))
    .optional(),
  pick: z.union([z.enum(['auto', 'none', 'must']), z.object({ fn: z.string() })]).optional(),
  limits: z
    .object({
      max_tokens: z.number().int().positive().optional(),
      temperature: z.number().optional(),
      top_p: z.number().optional(),
      stop: z.array(z.string()).optional(),
    })
    .optional(),
  stream: z.boolean().optional(),
});
