import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, formatSchemaIssues } from './format-schema-issues';

describe('formatSchemaIssues', () => {
  it('reports a failed union by the branch that matched furthest', () => {
    const instruction = z.union([z.string(), z.object({ parts: z.array(z.object({ text: z.string() })) })]);
    const body = z.object({ contents: z.array(z.object({ parts: z.array(instruction) })) });
    const result = body.safeParse({ contents: [{ parts: ['ok'] }, { parts: [{ parts: [null] }] }] });
    expect(formatSchemaIssues(result.error?.issues ?? [])).toBe(
      'contents[1].parts[0].parts[0]: Invalid input: expected object, received null',
    );
  });

  it('lists what each branch expected when none got past the union', () => {
    const result = z.object({ stop: z.union([z.string(), z.array(z.string())]) }).safeParse({ stop: 5 });
    expect(formatSchemaIssues(result.error?.issues ?? [])).toBe('stop: Invalid input: expected string or array');
  });

  it('shortens paths of deeply nested input', () => {
    const path = ['args', ...new Array(40).fill('a')];
    expect(formatPath(path)).toBe(`args${'.a'.repeat(15)}…(25 more levels)`);
    expect(formatPath(['messages', 2, 'content'])).toBe('messages[2].content');
  });
});
