import { findClosestMatch } from '../text/find-closest-match';
import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A `provider:model` string whose provider the registry does not know. */
export class NoSuchProviderError extends InterlinguaError {
  /** The provider prefix that was asked for. */
  readonly providerId: string;
  /** The providers the registry knows. */
  readonly availableProviders: readonly string[];
  /** The known provider nearest to `providerId` (a typo such as `antropic`), if one is close. */
  readonly suggestion: string | undefined;

  constructor(options: { providerId: string; availableProviders: readonly string[] }) {
    const suggestion = findClosestMatch(options.providerId, options.availableProviders);
    super(ERROR_CODES.NO_SUCH_PROVIDER, {
      message: `Expected a provider among [${options.availableProviders.join(', ')}], got "${options.providerId}".${suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`}`,
    });
    this.name = 'NoSuchProviderError';
    this.providerId = options.providerId;
    this.availableProviders = options.availableProviders;
    this.suggestion = suggestion;
  }

  static override isInstance(error: unknown): error is NoSuchProviderError {
    return InterlinguaError.hasCode(error, ERROR_CODES.NO_SUCH_PROVIDER);
  }
}
