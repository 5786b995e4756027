import type { IncomingHttpHeaders } from 'node:http';
import { createRedactor } from '@interlingua/core/adapter';
import type { GatewayTap } from '@interlingua/gateway';
import { parseMaybeJson, parseSSEData } from './parse-sse-data';
import { isSecretHeaderName, redactHeaders } from './redact-headers';
import type { TraceLineWriter } from './trace-line-writer';

/**
 * The gateway's side of a trace: a `gateway-request` line for each client request (its headers,
 * credentials redacted, and its body as received) and a `gateway-response` line when it is
 * answered (status, the body as written or a stream's events, usage, cost, warnings, the error).
 * The backend calls made for it are `model-request` / `model-response` lines with the same
 * `requestId`.
 */
export function createGatewayTracer(writer: TraceLineWriter): GatewayTap {
  return {
    request(record, headers, body) {
      const flat = flattenHeaders(headers);
      // The client's own key, wherever else it shows up (a body that quotes it).
      const sent = Object.entries(flat).flatMap(([name, value]) =>
        isSecretHeaderName(name) ? [value, value.replace(/^\w+\s+/, '')] : [],
      );
      writer.write({
        type: 'gateway-request',
        requestId: record.id,
        method: record.method,
        path: record.path,
        ...(record.route === undefined ? {} : { route: record.route }),
        ...(record.format === undefined ? {} : { format: record.format }),
        ...(record.key === undefined ? {} : { key: record.key }),
        headers: redactHeaders(flat, sent),
        body: parseMaybeJson(createRedactor(sent)(body.toString('utf8'))),
      });
    },
    response(record, outcome, answer) {
      writer.write({
        type: 'gateway-response',
        requestId: record.id,
        status: outcome.status,
        ...(record.route === undefined ? {} : { route: record.route }),
        ...(record.format === undefined ? {} : { format: record.format }),
        ...(record.key === undefined ? {} : { key: record.key }),
        ...(record.model === undefined ? {} : { model: record.model }),
        ...(record.backend === undefined ? {} : { backend: record.backend }),
        ...(record.fallback === undefined ? {} : { fallback: record.fallback }),
        stream: record.stream,
        durationMs: Math.round(outcome.durationMs * 10) / 10,
        ...(answer.body === undefined ? {} : { body: parseMaybeJson(answer.body) }),
        ...(answer.chunks === undefined ? {} : { events: parseSSEData(answer.chunks.join('')) }),
        ...(record.usage === undefined ? {} : { usage: record.usage }),
        ...(record.cost === undefined ? {} : { costUsd: record.cost }),
        warnings: record.warnings,
        ...(record.error === undefined ? {} : { error: { name: record.error.type, message: record.error.message } }),
        ...(outcome.aborted ? { aborted: true } : {}),
      });
    },
  };
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
