import { DidError } from '../did-error';
import { base64urlDecode, isPlainObject } from '../encoding';

export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** `<header>.<payload>` as received: the bytes the signature covers. */
  signingInput: string;
  signature: Buffer;
}

const MAX_JWT_LENGTH = 64 * 1024;

/** Splits and JSON-decodes a compact JWS without checking anything about its signature. */
export function decodeJwt(jwt: unknown): DecodedJwt {
  if (typeof jwt !== 'string' || jwt.length === 0) throw new DidError('did.jwt_malformed', 'no JWT given');
  if (jwt.length > MAX_JWT_LENGTH) throw new DidError('did.jwt_malformed', 'JWT is too large');
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new DidError('did.jwt_malformed', 'a JWT has three dot-separated parts');
  const [h, p, s] = parts as [string, string, string];
  const header = parseJsonPart(h, 'header');
  const claims = parseJsonPart(p, 'payload');
  const signature = base64urlDecode(s);
  if (!signature) throw new DidError('did.jwt_malformed', 'JWT signature is not base64url');
  return { header, claims, signingInput: `${h}.${p}`, signature };
}

function parseJsonPart(part: string, what: string): Record<string, unknown> {
  const bytes = base64urlDecode(part);
  if (!bytes) throw new DidError('did.jwt_malformed', `JWT ${what} is not base64url`);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new DidError('did.jwt_malformed', `JWT ${what} is not JSON`);
  }
  if (!isPlainObject(value)) throw new DidError('did.jwt_malformed', `JWT ${what} is not a JSON object`);
  return value;
}
