import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadIRCorpus } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  chatRequestSchema,
  messageSchema,
  modelResponseSchema,
  streamEventSchema,
  toolCallSchema,
  toolResultSchema,
  toolSchema,
  usageSchema,
  warningSchema,
} from './ir-schemas';
import { safeParseIR } from './parse-ir';

const corpusDir = fileURLToPath(new URL('../__fixtures__/ir', import.meta.url));

// Every folder of the corpus must map to a schema: an unmapped folder fails the harness.
const schemas: Record<string, z.ZodType> = {
  ChatRequest: chatRequestSchema,
  Message: messageSchema,
  ToolCall: toolCallSchema,
  ToolResult: toolResultSchema,
  Tool: toolSchema,
  ModelResponse: modelResponseSchema,
  StreamEvent: streamEventSchema,
  Usage: usageSchema,
  Warning: warningSchema,
};

describe('IR conformance corpus', () => {
  it('maps every folder to a schema', () => {
    const folders = readdirSync(corpusDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const unmapped = folders.map((entry) => entry.name).filter((name) => !(name in schemas));
    expect(unmapped).toEqual([]);
    expect(folders.length).toBe(Object.keys(schemas).length);
  });

  const cases = loadIRCorpus(corpusDir);
  it('has valid and invalid cases', () => {
    expect(cases.filter((entry) => entry.valid).length).toBeGreaterThan(10);
    expect(cases.filter((entry) => !entry.valid).length).toBeGreaterThan(10);
  });

  for (const entry of cases) {
    it(`${entry.type}/${entry.name}`, () => {
      const schema = schemas[entry.type];
      if (schema === undefined) throw new Error(`No schema for ${entry.type}`);
      const result = safeParseIR(schema, entry.value, entry.type);
      if (entry.valid) {
        expect(result.success ? [] : result.error.message).toEqual([]);
      } else {
        expect(result.success).toBe(false);
        expect(entry.errorPath, 'invalid cases must name the path of the bad field').toBeDefined();
        if (!result.success) {
          expect(result.error.code).toBe('INVALID_REQUEST');
          expect(result.error.message).toContain(`${entry.errorPath}:`);
        }
      }
    });
  }
});
