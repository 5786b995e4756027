/**
 * The required client scenarios McpBridge is known to fail, each with its reason, per suite. All
 * are issue 29's authorization and elicitation items (helper mcp-auth's work, not yet on this
 * branch). A listed scenario that passes fails its test ("remove the entry"), as the suite's own
 * baselines do, so this list only ever shrinks.
 */

const APPLICATION_TYPE = 'dynamic client registration omits `application_type` (SEP-837)';
const CHALLENGE_METADATA = "login does not follow the 401 challenge's `resource_metadata` URL";
const CHALLENGE_SCOPE = "login does not request the 401 challenge's `scope`";
const STEP_UP = 'no step-up login on a 403 `insufficient_scope`';
const CIMD = 'no Client ID Metadata Document (a URL client id)';
const ISS = 'no RFC 9207 `iss` check, no issuer-bound credentials';

export const EXPECTED_FAILURES: Record<'2025' | '2026', Record<string, string>> = {
  '2025': {
    'elicitation-sep1034-client-defaults':
      'the schema defaults of a form are not applied to an accepted answer (SEP-1034)',
    'auth/metadata-var3': CHALLENGE_METADATA,
    'auth/basic-cimd': CIMD,
    'auth/scope-from-www-authenticate': CHALLENGE_SCOPE,
    'auth/scope-step-up': STEP_UP,
  },
  '2026': {
    'auth/metadata-default': APPLICATION_TYPE,
    'auth/metadata-var1': APPLICATION_TYPE,
    'auth/metadata-var2': APPLICATION_TYPE,
    'auth/metadata-var3': `${CHALLENGE_METADATA}; ${APPLICATION_TYPE}`,
    'auth/basic-cimd': `${CIMD}; ${APPLICATION_TYPE}`,
    'auth/scope-from-www-authenticate': `${CHALLENGE_SCOPE}; ${APPLICATION_TYPE}`,
    'auth/scope-from-scopes-supported': APPLICATION_TYPE,
    'auth/scope-omitted-when-undefined': APPLICATION_TYPE,
    'auth/scope-step-up': `${STEP_UP}; ${APPLICATION_TYPE}`,
    'auth/scope-retry-limit': APPLICATION_TYPE,
    'auth/token-endpoint-auth-basic': APPLICATION_TYPE,
    'auth/token-endpoint-auth-post': APPLICATION_TYPE,
    'auth/token-endpoint-auth-none': APPLICATION_TYPE,
    'auth/offline-access-scope': APPLICATION_TYPE,
    'auth/offline-access-not-supported': APPLICATION_TYPE,
    'auth/authorization-server-migration': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-supported': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-not-advertised': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-supported-missing': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-wrong-issuer': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-unexpected': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/iss-normalized': `${ISS}; ${APPLICATION_TYPE}`,
    'auth/metadata-issuer-mismatch': `${ISS}; ${APPLICATION_TYPE}`,
  },
};
