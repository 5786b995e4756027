import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';

/** A tool input schema that cannot be turned into a non-empty JSON Schema object. */
export class SchemaConversionError extends InterlinguaError {
  constructor(options: { message: string; cause?: unknown }) {
    super(ERROR_CODES.SCHEMA_CONVERSION_ERROR, options);
    this.name = 'SchemaConversionError';
  }

  static override isInstance(error: unknown): error is SchemaConversionError {
    return InterlinguaError.hasCode(error, ERROR_CODES.SCHEMA_CONVERSION_ERROR);
  }
}
