import type { McpTraceFrame } from '@interlingua/mcp-bridge';
import type { ModelTraceLeg } from '../trace/trace-fetch';
import type { TextSink } from './cli-io';
import type { Styles } from './styles-for';

/** Prints wire legs for `--trace`: every text passes through `redact` before it is written. */
export type TracePrinter = {
  mcp(frame: McpTraceFrame): void;
  model(leg: ModelTraceLeg): void;
};

/**
 * A trace printer (`beforeWrite` lets a streamed answer end its line first): MCP frames as one JSON line each (`mcp weather →`), model request bodies as
 * indented JSON, streamed responses as one JSON line per event, all in the order they happen.
 */
export function createTracePrinter(
  sink: TextSink,
  styles: Styles,
  redact: (text: string) => string,
  beforeWrite: () => void = () => {},
): TracePrinter {
  const write = (text: string) => {
    beforeWrite();
    sink.write(`${redact(text)}\n`);
  };
  return {
    mcp(frame) {
      const arrow = frame.direction === 'send' ? '→' : '←';
      write(`${styles.cyan(`[trace] mcp ${frame.server} ${arrow}`)} ${JSON.stringify(frame.message)}`);
    },
    model(leg) {
      if (leg.type === 'model-request') {
        write(`${styles.cyan(`[trace] model → ${leg.method} ${leg.url}`)} ${styles.dim(JSON.stringify(leg.headers))}`);
        write(JSON.stringify(leg.body, null, 2));
        return;
      }
      if (leg.events !== undefined) {
        write(styles.cyan(`[trace] model ← ${leg.status} ${leg.url} (stream, ${leg.events.length} events)`));
        for (const event of leg.events) write(`  ${JSON.stringify(event)}`);
        return;
      }
      write(styles.cyan(`[trace] model ← ${leg.status} ${leg.url}`));
      write(JSON.stringify(leg.body, null, 2));
    },
  };
}
