import { spawn } from 'node:child_process';

/**
 * Tries to open `url` in the user's browser, never failing: on Linux only with a display
 * (`DISPLAY` or `WAYLAND_DISPLAY`), never with `INTERLINGUA_NO_BROWSER` set. Resolves whether a
 * browser was started; the caller has printed the URL either way.
 */
export function openInBrowser(url: string, env: Record<string, string | undefined>): boolean {
  if (env.INTERLINGUA_NO_BROWSER !== undefined && env.INTERLINGUA_NO_BROWSER !== '') return false;
  const platform = process.platform;
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  // No shell: the URL is one argument, whatever it contains.
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}
