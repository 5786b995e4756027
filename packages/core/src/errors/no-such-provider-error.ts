import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A `provider:model` string whose provider the registry does not know. */
export class NoSuchProviderError extends InterlinguaError {
  /** The provider prefix that was asked for. */
  readonly providerId: string;
  /** The providers the registry knows. */
  readonly availableProviders: readonly string[];

  constructor(options: { providerId: string; availableProviders: readonly string[] }) {
    super(ERROR_CODES.NO_SUCH_PROVIDER, {
      message: `Expected a provider among [${options.availableProviders.join(', ')}], got "${options.providerId}".`,
    });
    this.name = 'NoSuchProviderError';
    this.providerId = options.providerId;
    this.availableProviders = options.availableProviders;
  }

  static override isInstance(error: unknown): error is NoSuchProviderError {
    return InterlinguaError.hasCode(error, ERROR_CODES.NO_SUCH_PROVIDER);
  }
}
