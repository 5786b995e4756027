/** Drops a Markdown code fence around `text` (```json … ```), keeping what is inside verbatim. */
export function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('```')) return trimmed;
  const firstLineEnd = trimmed.indexOf('\n');
  if (firstLineEnd === -1) return trimmed.replace(/^```[\w-]*/, '').trim();
  const inner = trimmed.slice(firstLineEnd + 1);
  const close = inner.lastIndexOf('```');
  return (close === -1 ? inner : inner.slice(0, close)).trim();
}
