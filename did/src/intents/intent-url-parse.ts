import { DidError } from '../did-error';
import { decodeJwt } from '../jwt/jwt-decode';
import { ESSENTIALS_INTENT_PREFIXES } from './intent-hosts';

export interface ParsedIntentUrl {
  /** Short action, e.g. `credaccess`, `didsign`, `signdigest`, `esctransaction`. */
  action: string;
  /** `did` or `wallet` module of Essentials. */
  module: 'did' | 'wallet';
  /** Parameters as Essentials sees them: from the query string, else the JWT's claims. */
  params: Record<string, unknown>;
  /** The request JWT when the URL carried one (`/<action>/<jwt>` and no query string). */
  requestJwt?: string;
}

/**
 * Reads a scanned QR text the way Essentials' intent plugin does (essentials-intents.md §1.1):
 * `elastos://` becomes `https://did.web3essentials.io/`; the URL must start with an internal prefix;
 * any query string wins (JSON-looking values are parsed); otherwise a second path segment is a JWT whose
 * payload is decoded WITHOUT verification (callers that care verify it separately).
 */
export function parseIntentUrl(text: string): ParsedIntentUrl {
  let raw = text.trim();
  if (raw.startsWith('elastos://')) raw = raw.replace('elastos://', 'https://did.web3essentials.io/');
  const prefix = ESSENTIALS_INTENT_PREFIXES.find((p) => raw.startsWith(p));
  if (!prefix) throw new DidError('did.intent_invalid', 'not an Essentials intent URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DidError('did.intent_invalid', 'not a URL');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const action = segments[0];
  if (!action) throw new DidError('did.intent_invalid', 'intent URL has no action');
  const module = url.hostname.startsWith('wallet.') ? 'wallet' : 'did';
  const query = [...url.searchParams.entries()];
  if (query.length > 0) {
    const params: Record<string, unknown> = {};
    for (const [k, v] of query) params[k] = parseMaybeJson(v);
    return { action, module, params };
  }
  if (segments.length === 2) {
    const requestJwt = segments[1]!;
    const { claims } = decodeJwt(requestJwt);
    return { action, module, params: { ...claims, type: 'jwt' }, requestJwt };
  }
  throw new DidError('did.intent_invalid', 'intent URL carries neither a query string nor a JWT');
}

function parseMaybeJson(value: string): unknown {
  const t = value.trim();
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
    try {
      return JSON.parse(t);
    } catch {
      return value;
    }
  }
  return value;
}
