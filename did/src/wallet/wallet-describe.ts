import { ensureDidBackend } from '../did-backend';
import { DidError } from '../did-error';
import { isPlainObject } from '../encoding';
import { parseIntentUrl, type ParsedIntentUrl } from '../intents/intent-url-parse';
import { verifyDidJwt } from '../jwt/jwt-verify';

export interface RequestDescription {
  action: string;
  module: 'did' | 'wallet';
  /** Who asks: the `iss` of the request JWT (our APP_DID), when the request is a JWT. */
  requester?: string;
  /** true: the request JWT verifies with its issuer's published key; false: it does not; null: no JWT. */
  requestVerified: boolean | null;
  requestError?: string;
  callbackUrl?: string;
  /** What is asked for, per action. */
  details: Record<string, unknown>;
  /** One line a person can read. */
  summary: string;
  intent: ParsedIntentUrl;
}

/**
 * Decodes a QR text as Essentials would, verifies the request JWT where there is one (Essentials itself
 * does not; the dev wallet does, to catch a bad request early) and says who asks for what.
 */
export async function describeRequest(
  qrText: string,
  opts: { resolverUrl: string; now?: Date },
): Promise<RequestDescription> {
  const intent = parseIntentUrl(qrText);
  const { params } = intent;
  let requestVerified: boolean | null = null;
  let requestError: string | undefined;
  if (intent.requestJwt) {
    ensureDidBackend(opts.resolverUrl);
    try {
      await verifyDidJwt(intent.requestJwt, { now: opts.now });
      requestVerified = true;
    } catch (err) {
      if (!(err instanceof DidError) || err.type === 'did.resolver_unavailable') throw err;
      requestVerified = false;
      requestError = `${err.type}: ${err.message}`;
    }
  }
  const requester = intent.requestJwt && typeof params.iss === 'string' ? params.iss : undefined;
  const callbackUrl = typeof params.callbackurl === 'string' ? params.callbackurl : undefined;
  const who = requester ?? 'an unnamed requester';
  let details: Record<string, unknown>;
  let summary: string;
  switch (intent.action) {
    case 'credaccess': {
      const claims = isPlainObject(params.claims) ? params.claims : {};
      details = { nonce: params.nonce, realm: params.realm, website: params.website, claims };
      const site = isPlainObject(params.website)
        ? String(params.website.domain)
        : String(params.realm ?? '?');
      // Essentials' claims map: true = the credential is required, false = the member may share it or not.
      const required = Object.keys(claims).filter((k) => claims[k] === true);
      const optional = Object.keys(claims).filter((k) => claims[k] !== true);
      summary =
        `${who} (${site}) asks for your DID` +
        (required.length ? `, your ${required.join(', ')}` : '') +
        (optional.length ? ` and, if you wish, your ${optional.join(', ')}` : '');
      break;
    }
    case 'didsign':
      details = { statement: params.data, jwtExtra: params.jwtExtra };
      summary = `${who} asks you to sign the statement:\n${String(params.data)}`;
      break;
    case 'signdigest':
      details = { digestHex: params.data, jwtExtra: params.jwtExtra ?? params.payload };
      summary = `${who} asks you to sign the digest ${String(params.data)}`;
      break;
    case 'esctransaction': {
      const payload = isPlainObject(params.payload) ? params.payload : {};
      const call = Array.isArray(payload.params) ? payload.params[0] : undefined;
      details = { chainId: params.chainId, call };
      const c = isPlainObject(call) ? call : {};
      summary = `${who} asks you to send a transaction on chain ${String(params.chainId ?? '(active)')} to ${String(c.to)} with value ${String(c.value ?? '0')} wei and data ${String(c.data ?? '0x').slice(0, 74)}`;
      break;
    }
    default:
      details = { params };
      summary = `${who} asks for the ${intent.action} intent (not supported by the dev wallet)`;
  }
  return {
    action: intent.action,
    module: intent.module,
    requester,
    requestVerified,
    requestError,
    callbackUrl,
    details,
    summary,
    intent,
  };
}
