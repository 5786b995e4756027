import { InvalidSettingError } from '@interlingua/core';
import { AcmeChatModel } from './acme-chat-model';

/** Settings of {@link createAcme}. */
export type AcmeSettings = {
  /** Default `ACME_API_KEY`. */
  apiKey?: string;
  /** Default `https://api.acme.example`. */
  baseURL?: string;
  /** Default the global `fetch`. */
  fetch?: typeof globalThis.fetch;
};

/**
 * An Acme provider: `createAcme()('acme-large')` is a `ChatModel`. Register it with core's
 * `createRegistry({ acme: createAcme() })` to use `registry.model('acme:acme-large')`.
 */
export function createAcme(settings: AcmeSettings = {}): (modelId: string) => AcmeChatModel {
  return (modelId) => {
    const apiKey = settings.apiKey ?? process.env.ACME_API_KEY;
    if (apiKey === undefined || apiKey === '')
      throw new InvalidSettingError({
        message: 'Expected an Acme API key in the apiKey setting or ACME_API_KEY, got neither.',
      });
    return new AcmeChatModel(modelId, {
      apiKey,
      baseURL: settings.baseURL ?? 'https://api.acme.example',
      fetch: settings.fetch ?? globalThis.fetch,
    });
  };
}
