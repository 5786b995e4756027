import { findClosestMatch } from '@interlingua/core/adapter';
import { ProtocolError } from '@modelcontextprotocol/server';

/**
 * The `-32602` error of a call to a name that is not served: short whatever the number of tools —
 * how many are served to this caller, and the nearest name when one is close (a typo, or a
 * server's own name where `server__tool` is served). `served` is what this caller may call, so
 * the error never names a tool it may not see.
 */
export function unknownToolError(name: string, served: Iterable<string>): ProtocolError {
  const names = [...served];
  const exact = names.filter((candidate) => candidate.endsWith(`__${name}`));
  const nearest = exact.length === 1 ? exact[0] : findClosestMatch(name, names);
  const hint = nearest === undefined ? '' : ` Did you mean \`${nearest}\`?`;
  const count = names.length === 1 ? '1 tool is' : `${names.length} tools are`;
  return new ProtocolError(-32602, `No tool is served as \`${name}\` (${count}; see tools/list).${hint}`);
}
