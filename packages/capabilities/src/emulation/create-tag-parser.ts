import type { Warning } from '@interlingua/core';
import { DeltaWriter } from './delta-writer';
import type { EmulationParser, EmulationParserOptions } from './emulation-format';
import { parseTagCall } from './parse-tag-call';
import { scanBareToolCall } from './scan-bare-tool-call';

type Mode = 'text' | 'think' | 'call' | 'after-call' | 'dropped';

const openCall = '<tool_call>';
const closeCall = '</tool_call>';
const openThink = '<think>';
const closeThink = '</think>';
const toolResponse = '<tool_response>';
const tags = [openCall, closeCall, openThink, toolResponse];

/** How many characters at the end of `text` could be the start of `tag` (so must wait for more). */
function partialSuffix(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
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
  let atLineStart = true;

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
          atLineStart = true;
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
          atLineStart = true;
          continue;
        }
        case 'text':
        case 'after-call': {
          if (atLineStart && options.toolNames.length > 0) {
            const bare = scanBareToolCall(buffer, final, options.toolNames);
            if (bare.kind === 'wait') return;
            if (bare.kind === 'call') {
              finishCall(bare.content);
              buffer = buffer.slice(bare.length);
              mode = 'after-call';
              atLineStart = false;
              continue;
            }
            if (bare.kind === 'text') {
              const block = buffer.slice(0, bare.length);
              content(block);
              buffer = buffer.slice(bare.length);
              atLineStart = block.endsWith('\n');
              continue;
            }
            atLineStart = false;
          }
          const lt = buffer.indexOf('<');
          const lineEnd = buffer.indexOf('\n');
          if (lineEnd !== -1 && (lt === -1 || lineEnd < lt)) {
            content(buffer.slice(0, lineEnd + 1));
            buffer = buffer.slice(lineEnd + 1);
            atLineStart = true;
            continue;
          }
          if (lt === -1) {
            content(buffer);
            buffer = '';
            return;
          }
          if (lt > 0) {
            content(buffer.slice(0, lt));
            buffer = buffer.slice(lt);
            atLineStart = false;
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
