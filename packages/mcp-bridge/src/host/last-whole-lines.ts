/**
 * The last whole lines of a tail of output, at most `maxLines` lines and `maxChars` characters:
 * a tail that was cut (`cut`), or lines dropped to fit, never start the result mid-line.
 */
export function lastWholeLines(tail: string, cut: boolean, maxLines = 10, maxChars = 2000): string {
  let lines = tail.replace(/\r\n/g, '\n').split('\n');
  if (cut) lines = lines.slice(1);
  lines = lines.map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  lines = lines.slice(-maxLines);
  while (lines.length > 1 && lines.join('\n').length > maxChars) lines.shift();
  const text = lines.join('\n');
  // One line longer than the limit: its end, marked as cut.
  return text.length > maxChars ? `…${text.slice(-maxChars)}` : text;
}
