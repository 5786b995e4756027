import { readFile } from 'node:fs/promises';
import type { Warning } from '@interlingua/core';
import { isWireProvider, WIRE_PROVIDERS, type WireProvider, wireCodecs } from '../../wire-codecs';
import { CliError } from '../cli-error';
import type { CliIO } from '../cli-io';

/** A model id for the target body when neither `--model` nor the source body names one. */
const DEFAULT_MODELS: Record<WireProvider, string> = {
  openai: 'gpt-4.1',
  'openai-responses': 'gpt-5',
  anthropic: 'claude-sonnet-4-6',
  gemini: 'gemini-2.5-flash',
};

/**
 * `interlingua translate --from <p> --to <p> [--model id] [file]`: decodes a native request
 * body with one codec into the IR and encodes it with another. Warnings of both legs go to
 * stderr; the body goes to stdout.
 */
export async function translateCommand(
  options: { from: string; to: string; model: string | undefined; input: string | undefined },
  io: CliIO,
): Promise<void> {
  const from = wireProvider(options.from, '--from');
  const to = wireProvider(options.to, '--to');
  const text = options.input === undefined ? await readStdin(io) : await readInput(options.input);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new CliError(`Expected a JSON request body, got invalid JSON: ${(error as Error).message}`, {
      hint: `Pass a ${from} request body on stdin or as a file.`,
      cause: error,
    });
  }
  const decoded = wireCodecs[from].decodeRequest(body);
  const modelId = options.model ?? decoded.value.model ?? DEFAULT_MODELS[to];
  const encoded = wireCodecs[to].encodeRequest(decoded.value.request, { model: modelId, stream: decoded.value.stream });
  for (const warning of [...decoded.warnings, ...encoded.warnings]) io.stderr.write(`${formatWarning(warning)}\n`);
  if (to === 'gemini') {
    // Gemini names the model and streaming in the URL, not the body.
    const method = decoded.value.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    io.stderr.write(`POST /v1beta/models/${modelId}:${method}\n`);
  }
  io.stdout.write(`${JSON.stringify(encoded.value, null, 2)}\n`);
}

function wireProvider(value: string, flag: string): WireProvider {
  if (isWireProvider(value)) return value;
  throw new CliError(`Expected ${flag} to be one of ${WIRE_PROVIDERS.join(', ')}, got "${value}".`, {
    hint: 'OpenAI-compatible servers (ollama, vllm, …) speak the openai format.',
  });
}

function formatWarning(warning: Warning): string {
  return `warning (${warning.type}, ${warning.feature}): ${warning.message}`;
}

async function readInput(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

async function readStdin(io: CliIO): Promise<string> {
  if (io.stdin.isTTY === true) {
    throw new CliError('Expected a request body on stdin or as a file, got a terminal.', {
      hint: 'For example: interlingua translate --from openai --to anthropic < request.json',
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
