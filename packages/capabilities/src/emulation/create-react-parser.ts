import type { StreamEvent, ToolCall, Warning } from '@interlingua/core';
import { cleanToolName } from './clean-tool-name';
import { DeltaWriter } from './delta-writer';
import type { EmulationParser, EmulationParserOptions } from './emulation-format';
import { findJsonEnd } from './find-json-end';
import { parseEmulatedArguments } from './parse-emulated-arguments';

type Mode =
  | 'text'
  | 'think'
  | 'thought'
  | 'answer'
  | 'action-name'
  | 'await-input'
  | 'action-input'
  | 'between'
  | 'dropped';
type Marker = 'thought' | 'action input' | 'action' | 'observation' | 'final answer';

// A marker starts a line; small models add Markdown bold (`**Action:**`) now and then.
const markerPattern =
  /^[ \t]*(?:\*\*)?(thought|action input|action|observation|final answer)(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*/i;
const markerLinePattern = /\n[ \t]*(?:\*\*)?(?:thought|action input|action|observation|final answer)(?:\*\*)?[ \t]*:/i;
const markerWords = ['thought:', 'action input:', 'action:', 'observation:', 'final answer:'];
const unnamed = 'unknown';

function couldBecomeMarker(head: string): boolean {
  const start = head.trimStart();
  const normalized = start.replaceAll('*', '').toLowerCase();
  return markerWords.some((word) => word.startsWith(normalized)) || '<think>'.startsWith(start);
}

type OpenCall = { id: string; name: string; missingName: boolean };
/** `fenceOpen`: the input opened a code fence whose closing line has not been read yet. */
type InputScan = { raw: string; rest: string; atLineStart: boolean; fenceOpen?: boolean };

/** Reads the input of an action: a JSON object (maybe fenced, maybe followed by prose) or one line of text. */
function scanActionInput(buffer: string, final: boolean): InputScan | undefined {
  let index = buffer.search(/\S/);
  if (index === -1) return final ? { raw: '', rest: '', atLineStart: false } : undefined;
  const start = index;
  const fenced = buffer.startsWith('```', index);
  if (fenced) {
    const lineEnd = buffer.indexOf('\n', index);
    if (lineEnd === -1) return final ? { raw: buffer.slice(start), rest: '', atLineStart: false } : undefined;
    const next = buffer.slice(lineEnd + 1).search(/\S/);
    if (next === -1) return final ? { raw: buffer.slice(start), rest: '', atLineStart: false } : undefined;
    index = lineEnd + 1 + next;
  }
  const closeFence = (rest: string) => rest.replace(/^\s*```[^\n]*(?:\n|$)/, '');
  const char = buffer[index];
  if (char === '{' || char === '[') {
    const end = findJsonEnd(buffer, index);
    if (end !== -1) {
      const after = buffer.slice(end);
      const rest = fenced ? closeFence(after) : after;
      return { raw: buffer.slice(index, end), rest, atLineStart: false, fenceOpen: fenced && rest === after };
    }
    // Unterminated: if the model already moved on to another marker, stop there.
    const moved = buffer.slice(index).search(markerLinePattern);
    if (moved !== -1) {
      return { raw: buffer.slice(start, index + moved), rest: buffer.slice(index + moved + 1), atLineStart: true };
    }
    return final ? { raw: buffer.slice(start), rest: '', atLineStart: false } : undefined;
  }
  const lineEnd = buffer.indexOf('\n', index);
  if (lineEnd === -1 && !final) return undefined;
  const raw = lineEnd === -1 ? buffer.slice(index) : buffer.slice(index, lineEnd);
  return { raw, rest: lineEnd === -1 ? '' : closeFence(buffer.slice(lineEnd + 1)), atLineStart: true };
}

/**
 * A parser of ReAct replies: `Thought:` becomes reasoning, each `Action:` / `Action Input:` pair
 * a tool call, `Final Answer:` (or plain prose with no marker) the answer text. Text after an
 * action is dropped with a warning (a made-up `Observation:`, an answer written before the
 * result was known): the action wins.
 */
export function createReActParser(options: EmulationParserOptions): EmulationParser {
  const writer = new DeltaWriter();
  const warnings: Warning[] = [];
  let mode: Mode = 'text';
  let afterThink: Mode = 'text';
  let buffer = '';
  let atLineStart = true;
  let open: OpenCall | undefined;
  let calls = 0;
  let thought = '';
  let trailing = '';
  let dropped = '';
  let droppedBy: 'observation' | 'final answer' | undefined;
  // After a marker, spaces before its content are not content (a stream may split them off).
  let skipSpaces = false;
  let fenceOpen = false;
  let inputScanned = 0;

  function startCall(rawName: string): void {
    const name = cleanToolName(rawName, options.toolNames);
    open = { id: options.generateId(), name: name === '' ? unnamed : name, missingName: name === '' };
    trailing = '';
    writer.reset();
    writer.events.push({ type: 'tool-call-start', id: open.id, name: open.name });
  }

  function closeCall(rawInput: string): void {
    if (open === undefined) return;
    const parsed = parseEmulatedArguments(rawInput);
    const toolCall: ToolCall = { type: 'tool-call', id: open.id, name: open.name, args: parsed.args };
    if (open.missingName) {
      toolCall.args = {};
      toolCall.argsText = rawInput.trim();
      toolCall.argsError = 'Expected an "Action:" line naming the tool before "Action Input:".';
    } else if (parsed.argsError !== undefined) {
      toolCall.argsText = parsed.argsText;
      toolCall.argsError = parsed.argsError;
    }
    const argsText = toolCall.argsText ?? JSON.stringify(toolCall.args);
    if (argsText !== '') writer.events.push({ type: 'tool-call-delta', id: open.id, argsTextDelta: argsText });
    writer.events.push({ type: 'tool-call-end', toolCall });
    open = undefined;
    calls++;
  }

  function onMarker(marker: Marker): void {
    if (mode === 'dropped') return;
    if (mode === 'await-input' && marker !== 'action input') closeCall('');
    switch (marker) {
      case 'thought':
        if (mode === 'thought') writer.boundary();
        mode = 'thought';
        break;
      case 'action':
        mode = 'action-name';
        break;
      case 'action input':
        if (mode !== 'await-input') startCall('');
        mode = 'action-input';
        break;
      case 'observation':
        mode = 'dropped';
        droppedBy = 'observation';
        break;
      case 'final answer':
        if (calls > 0) {
          mode = 'dropped';
          droppedBy = 'final answer';
        } else {
          if (mode === 'answer') writer.boundary();
          mode = 'answer';
        }
        break;
      default: {
        const exhaustive: never = marker;
        throw new Error(`Unknown ReAct marker ${String(exhaustive)}`);
      }
    }
  }

  function content(chunk: string): void {
    switch (mode) {
      case 'text':
      case 'answer':
        writer.write('text', chunk);
        break;
      case 'thought':
        writer.write('reasoning', chunk);
        thought += chunk;
        break;
      case 'between':
        trailing += chunk;
        break;
      // Nothing to write in these modes (prose between `Action:` and `Action Input:` carries nothing).
      case 'think':
      case 'action-name':
      case 'await-input':
      case 'action-input':
      case 'dropped':
        break;
      default: {
        const exhaustive: never = mode;
        throw new Error(`Unknown ReAct parser mode ${String(exhaustive)}`);
      }
    }
  }

  function drain(final: boolean): void {
    while (buffer !== '') {
      if (mode === 'dropped') {
        dropped += buffer;
        buffer = '';
        return;
      }
      if (mode === 'think') {
        // Reasoning models (Qwen3, DeepSeek-R1 distills) think in <think> tags before the ReAct text.
        const close = buffer.indexOf('</think>');
        const keep = close === -1 && !final ? Math.min(buffer.length, '</think>'.length - 1) : 0;
        const end = close === -1 ? buffer.length - keep : close;
        writer.write('reasoning', buffer.slice(0, end));
        thought += buffer.slice(0, end);
        buffer = close === -1 ? buffer.slice(end) : buffer.slice(close + '</think>'.length);
        if (close === -1) return;
        writer.boundary();
        mode = afterThink;
        atLineStart = true;
        continue;
      }
      if (mode === 'action-name') {
        const lineEnd = buffer.indexOf('\n');
        if (lineEnd === -1 && !final) return;
        const line = lineEnd === -1 ? buffer : buffer.slice(0, lineEnd);
        const rest = lineEnd === -1 ? '' : buffer.slice(lineEnd);
        // `Action: get_weather Action Input: {...}` on one line.
        const inline = /\baction input[ \t]*:/i.exec(line);
        startCall(inline === null ? line : line.slice(0, inline.index));
        if (inline === null) {
          buffer = rest.slice(1);
          mode = 'await-input';
          atLineStart = true;
        } else {
          buffer = line.slice(inline.index + inline[0].length) + rest;
          mode = 'action-input';
        }
        continue;
      }
      if (mode === 'action-input') {
        // Rescan only when new text could end the input (a closing bracket or a line end).
        if (!final && !/[}\]\n]/.test(buffer.slice(inputScanned))) return;
        const scan = scanActionInput(buffer, final);
        inputScanned = buffer.length;
        if (scan === undefined) return;
        inputScanned = 0;
        closeCall(scan.raw);
        buffer = scan.rest;
        atLineStart = scan.atLineStart;
        fenceOpen = scan.fenceOpen === true;
        mode = 'between';
        continue;
      }
      if (fenceOpen) {
        // The closing fence of a fenced input may arrive in a later chunk.
        const fence = /^\s*```/.exec(buffer);
        if (fence !== null) {
          buffer = buffer.slice(fence[0].length);
          fenceOpen = false;
          continue;
        }
        if (!final && /^\s*`{0,2}$/.test(buffer)) return;
        fenceOpen = false;
      }
      if (skipSpaces) {
        buffer = buffer.replace(/^[ \t]+/, '');
        if (buffer === '') return;
        skipSpaces = false;
      }
      if (atLineStart) {
        const think = /^\s*<think>/.exec(buffer);
        if (think !== null) {
          buffer = buffer.slice(think[0].length);
          afterThink = mode;
          mode = 'think';
          continue;
        }
        const marker = markerPattern.exec(buffer);
        if (marker !== null) {
          buffer = buffer.slice(marker[0].length);
          atLineStart = false;
          skipSpaces = true;
          onMarker((marker[1] ?? '').toLowerCase() as Marker);
          continue;
        }
        const lineEnd = buffer.indexOf('\n');
        if (lineEnd === -1 && !final && couldBecomeMarker(buffer)) return;
        atLineStart = false;
      }
      const lineEnd = buffer.indexOf('\n');
      const chunk = lineEnd === -1 ? buffer : buffer.slice(0, lineEnd + 1);
      buffer = buffer.slice(chunk.length);
      if (lineEnd !== -1) atLineStart = true;
      content(chunk);
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
      if (open !== undefined) closeCall('');
      if (calls === 0 && !writer.wroteText && thought.trim() !== '') {
        // A reply that is only a Thought is the model's answer.
        writer.reset();
        writer.write('text', thought);
      }
      if (droppedBy === 'final answer') {
        warnings.push({
          type: 'other',
          feature: 'emulation',
          message:
            'The model called a tool and wrote a Final Answer in the same reply; the call wins and the answer, written before the result was known, was dropped.',
        });
      } else if (droppedBy === 'observation' && dropped.trim() !== '') {
        warnings.push({
          type: 'other',
          feature: 'emulation',
          message:
            'The model wrote its own "Observation:" (a tool result it made up); it and everything after it were dropped.',
        });
      }
      if (trailing.trim() !== '') {
        warnings.push({
          type: 'other',
          feature: 'emulation',
          message: `Text after the last action was dropped: ${JSON.stringify(trailing.trim().slice(0, 120))}.`,
        });
      }
      return writer.take() satisfies StreamEvent[];
    },
  };
}
