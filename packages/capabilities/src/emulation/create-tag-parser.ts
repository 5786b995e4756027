import type { JSONObject, ToolCall, Warning } from '@interlingua/core';
import { cleanToolName, DeltaWriter } from './delta-writer';
import type { EmulationParser, EmulationParserOptions } from './emulation-format';
import { findJsonEnd, parseEmulatedArguments, stripCodeFence } from './parse-emulated-arguments';

type Mode = 'text' | 'think' | 'call' | 'after-call' | 'dropped';

const openCall = '<tool_call>';
const closeCall = '</tool_call>';
const openThink = '<think>';
const closeThink = '</think>';
const toolResponse = '<tool_response>';
const tags = [openCall, closeCall, openThink, toolResponse];
const unnamed = 'unknown';

function isObject(value: unknown): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How many characters at the end of `text` could be the start of `tag` (so must wait for more). */
function partialSuffix(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/** Reads the content of one `<tool_call>`: `{"name": …, "arguments": {…}}`, fenced or not, closed or not. */
export function parseTagCall(content: string, id: string, toolNames: readonly string[]): ToolCall {
  const body = stripCodeFence(content);
  const failed = (reason: string): ToolCall => {
    const salvaged = /"name"\s*:\s*"([^"\\]+)"/.exec(body)?.[1];
    const name = salvaged === undefined ? '' : cleanToolName(salvaged, toolNames);
    return {
      type: 'tool-call',
      id,
      name: name === '' ? unnamed : name,
      args: {},
      argsText: body,
      argsError: `Expected the <tool_call> content to be a JSON object {"name": "<tool>", "arguments": {…}}, but ${reason}`,
    };
  };
  const start = body.indexOf('{');
  if (start === -1) return failed('it holds no JSON object.');
  const end = findJsonEnd(body, start);
  let value: unknown;
  try {
    value = JSON.parse(end === -1 ? body.slice(start) : body.slice(start, end));
  } catch (error) {
    return failed(`it does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) return failed('it is not an object.');
  const functionField = isObject(value.function) ? value.function : undefined;
  const rawName = typeof value.name === 'string' ? value.name : functionField?.name;
  if (typeof rawName !== 'string' || rawName.trim() === '') return failed('it has no "name".');
  const name = cleanToolName(rawName, toolNames);
  const rawArgs = value.arguments ?? value.parameters ?? functionField?.arguments;
  if (rawArgs === undefined || isObject(rawArgs)) return { type: 'tool-call', id, name, args: rawArgs ?? {} };
  if (typeof rawArgs === 'string') {
    const parsed = parseEmulatedArguments(rawArgs);
    return parsed.argsError === undefined
      ? { type: 'tool-call', id, name, args: parsed.args }
      : { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
  }
  return {
    type: 'tool-call',
    id,
    name,
    args: {},
    argsText: JSON.stringify(rawArgs),
    argsError: `Expected "arguments" to be a JSON object, got ${Array.isArray(rawArgs) ? 'an array' : typeof rawArgs}.`,
  };
}

/**
 * A parser of tag-based replies (Hermes / Qwen style): `<tool_call>{"name", "arguments"}</tool_call>`
 * blocks become tool calls (a missing closing tag is tolerated), `<think>…</think>` reasoning,
 * other text the answer. Text after the last call and a made-up `<tool_response>` are dropped
 * with a warning.
 */
export function createTagParser(options: EmulationParserOptions): EmulationParser {
  const writer = new DeltaWriter();
  const warnings: Warning[] = [];
  let mode: Mode = 'text';
  let afterThink: Mode = 'text';
  let buffer = '';
  let callText = '';
  let trailing = '';
  let dropped = '';

  function finishCall(content: string): void {
    const toolCall = parseTagCall(content, options.generateId(), options.toolNames);
    writer.reset();
    writer.events.push({ type: 'tool-call-start', id: toolCall.id, name: toolCall.name });
    const argsText = toolCall.argsText ?? JSON.stringify(toolCall.args);
    writer.events.push({ type: 'tool-call-delta', id: toolCall.id, argsTextDelta: argsText });
    writer.events.push({ type: 'tool-call-end', toolCall });
    trailing = '';
  }

  function content(chunk: string): void {
    if (mode === 'text') writer.write('text', chunk);
    else trailing += chunk;
  }

  function drain(final: boolean): void {
    while (buffer !== '') {
      switch (mode) {
        case 'dropped':
          dropped += buffer;
          buffer = '';
          return;
        case 'think': {
          const close = buffer.indexOf(closeThink);
          if (close === -1) {
            const keep = final ? 0 : partialSuffix(buffer, closeThink);
            writer.write('reasoning', buffer.slice(0, buffer.length - keep));
            buffer = buffer.slice(buffer.length - keep);
            return;
          }
          writer.write('reasoning', buffer.slice(0, close));
          buffer = buffer.slice(close + closeThink.length);
          writer.reset();
          mode = afterThink;
          continue;
        }
        case 'call': {
          callText += buffer;
          buffer = '';
          const close = callText.indexOf(closeCall);
          const next = callText.indexOf(openCall);
          const at = close === -1 ? next : next === -1 ? close : Math.min(close, next);
          if (at === -1) {
            if (final) {
              // Missing closing tag: the reply ended inside the call.
              finishCall(callText);
              callText = '';
              mode = 'after-call';
            }
            return;
          }
          finishCall(callText.slice(0, at));
          buffer = callText.slice(at === close ? at + closeCall.length : at);
          callText = '';
          mode = 'after-call';
          continue;
        }
        case 'text':
        case 'after-call': {
          const lt = buffer.indexOf('<');
          if (lt === -1) {
            content(buffer);
            buffer = '';
            return;
          }
          if (lt > 0) {
            content(buffer.slice(0, lt));
            buffer = buffer.slice(lt);
          }
          const tag = tags.find((candidate) => buffer.startsWith(candidate));
          if (tag === undefined) {
            if (!final && tags.some((candidate) => candidate.startsWith(buffer))) return;
            content('<');
            buffer = buffer.slice(1);
            continue;
          }
          buffer = buffer.slice(tag.length);
          if (tag === openCall) mode = 'call';
          else if (tag === openThink) {
            afterThink = mode;
            mode = 'think';
          } else if (tag === toolResponse) mode = 'dropped';
          // A stray `</tool_call>` carries nothing.
          continue;
        }
        default: {
          const exhaustive: never = mode;
          throw new Error(`Unknown parser mode ${String(exhaustive)}`);
        }
      }
    }
  }

  return {
    warnings,
    push(text) {
      buffer += text;
      drain(false);
      return writer.take();
    },
    end() {
      drain(true);
      if (mode === 'call' && callText !== '') finishCall(callText);
      if (dropped.trim() !== '') {
        warnings.push({
          type: 'other',
          feature: 'emulation',
          message:
            'The model wrote its own <tool_response> (a tool result it made up); it and everything after it were dropped.',
        });
      }
      if (trailing.trim() !== '') {
        warnings.push({
          type: 'other',
          feature: 'emulation',
          message: `Text after the last <tool_call> was dropped: ${JSON.stringify(trailing.trim().slice(0, 120))}.`,
        });
      }
      return writer.take();
    },
  };
}
