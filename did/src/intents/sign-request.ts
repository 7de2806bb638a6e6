import { isHex64 } from '../encoding';
import { assertToken, type BuiltRequest } from './credaccess-request';
import {
  DEFAULT_INTENT_HOSTS,
  encodeQuery,
  hostRoot,
  withCallbackToken,
  type IntentHosts,
} from './intent-hosts';

/** What Essentials echoes back in the reply JWT: our request id and single-use nonce. */
export interface SignJwtExtra {
  requestId: string;
  nonce: string;
}

interface SignRequestCommon {
  callbackUrl: string;
  /** One-time token, put in the callback URL's query string. */
  callbackToken: string;
  requestId: string;
  nonce: string;
  hosts?: IntentHosts;
}

/**
 * The readable statement a member signs with `didsign`: the action in words, ending with its digest,
 * so the words and the digest are bound in one signature.
 */
export function statementWithDigest(text: string, digestHex: string): string {
  if (!isHex64(digestHex)) throw new Error('digest must be 64 lowercase hex characters');
  return `${text.trim()}\nDigest: ${digestHex}`;
}

const MAX_STATEMENT_LENGTH = 2000;

/**
 * `https://did.elastos.net/didsign?data=<statement>&jwtExtra=<json>&callbackurl=<url>`.
 * Essentials signs SHA-256(UTF-8(data)) with the DID's `#primary` key and POSTs `{ jwt }` whose claims
 * hold the jwtExtra fields, `signature` (base64url r‖s) and `publickey` (base58).
 */
export function buildDidSignRequest(input: SignRequestCommon & { statement: string }): BuiltRequest {
  const { statement } = input;
  if (!statement.trim() || statement.length > MAX_STATEMENT_LENGTH) {
    throw new Error(`statement must be 1-${MAX_STATEMENT_LENGTH} characters`);
  }
  // Essentials parses query values that look like JSON into objects; a statement must stay a string.
  if (/^\s*[[{]/.test(statement)) throw new Error('statement must not start with { or [');
  return build('didsign', input, statement);
}

/**
 * `https://did.elastos.net/signdigest?data=<64 hex>&jwtExtra=<json>&callbackurl=<url>`.
 * Essentials signs the 32 bytes as they are (no hashing) and POSTs `{ jwt }` with the jwtExtra fields
 * and `signature` (128 hex, r‖s); no publickey, no req.
 */
export function buildSignDigestRequest(input: SignRequestCommon & { digestHex: string }): BuiltRequest {
  if (!isHex64(input.digestHex)) throw new Error('digest must be 64 lowercase hex characters, no 0x');
  return build('signdigest', input, input.digestHex);
}

function build(action: 'didsign' | 'signdigest', input: SignRequestCommon, data: string): BuiltRequest {
  assertToken(input.requestId, 'requestId');
  assertToken(input.nonce, 'nonce');
  const callbackUrl = withCallbackToken(input.callbackUrl, input.callbackToken);
  const jwtExtra: SignJwtExtra = { requestId: input.requestId, nonce: input.nonce };
  const query = encodeQuery([
    ['data', data],
    ['jwtExtra', JSON.stringify(jwtExtra)],
    ['callbackurl', callbackUrl],
  ]);
  const hosts = input.hosts ?? DEFAULT_INTENT_HOSTS;
  return { url: `${hostRoot(hosts.did)}/${action}?${query}`, callbackUrl };
}
