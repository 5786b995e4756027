/** `12.6 MiB (13,212,345 bytes)`: the size a person reads, and the exact count. */
export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024) return exact;
  const mib = bytes / 1024 / 1024;
  const short = mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${short} (${exact})`;
}
