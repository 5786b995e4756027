import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback listener for one OAuth redirect (RFC 8252 §7.3). */
export type OAuthRedirectListener = {
  /** `http://127.0.0.1:<port>/callback`. */
  redirectUrl: string;
  /**
   * Resolves with the code (and the RFC 9207 `iss`, when sent) of the first redirect to
   * `/callback`; rejects on an `error` redirect.
   */
  code: (expectedState: () => string | undefined, signal: AbortSignal) => Promise<OAuthRedirect>;
  close: () => Promise<void>;
};

/** What the authorization server sent back: the code and, when it sends one, its issuer (RFC 9207). */
export type OAuthRedirect = { code: string; iss: string | undefined };

const PAGE = (text: string) => `<!doctype html><meta charset="utf-8"><title>Interlingua</title><p>${text}</p>`;

/** Listens on 127.0.0.1 (`port` 0 for any free one) for the authorization server's redirect. */
export async function listenForOAuthRedirect(port: number): Promise<OAuthRedirectListener> {
  let settle: { resolve: (redirect: OAuthRedirect) => void; reject: (error: Error) => void } | undefined;
  let expected: () => string | undefined = () => undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const state = url.searchParams.get('state') ?? undefined;
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    const iss = url.searchParams.get('iss') ?? undefined;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (state !== expected()) {
      response.writeHead(400).end(PAGE('This login link is not the one Interlingua is waiting for.'));
      return;
    }
    if (error !== null) {
      // The description is the authorization server's text (or a mix-up attacker's): only the code is repeated.
      response.writeHead(200).end(PAGE('The login was not completed. You can close this tab.'));
      settle?.reject(
        new Error(`The authorization server answered \`${error.replace(/[^\w.-]/g, '?').slice(0, 64)}\`.`),
      );
      return;
    }
    if (code === null) {
      response.writeHead(400).end(PAGE('The redirect carried no authorization code.'));
      return;
    }
    response.writeHead(200).end(PAGE('Logged in. You can close this tab and go back to the terminal.'));
    settle?.resolve({ code, iss });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${bound}/callback`,
    code: (expectedState, signal) => {
      expected = expectedState;
      return new Promise<OAuthRedirect>((resolve, reject) => {
        const onAbort = () =>
          reject(signal.reason instanceof Error ? signal.reason : new Error('The login was cancelled.'));
        if (signal.aborted) onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        settle = {
          resolve: (redirect) => {
            signal.removeEventListener('abort', onAbort);
            resolve(redirect);
          },
          reject: (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
