import { JWTHeader, VerifiablePresentation } from '@elastosfoundation/did-js-sdk';
import { DidError } from '../did-error';
import { base64urlDecode, isPlainObject } from '../encoding';
import type { ParsedIntentUrl } from '../intents/intent-url-parse';
import type { OpenedWallet } from './wallet-store';

const DAY_SEC = 86_400;

/**
 * The DID plugin's createJWT (Elastos.DID.Cordova.SDK DIDPlugin.java): header `typ: JWT, cty: json`,
 * ES256 with the default key, claims `iss` (the DID), `iat`, `exp` = iat + `days` days, then the properties.
 */
export async function signWalletJwt(
  wallet: OpenedWallet,
  properties: Record<string, unknown>,
  days: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return wallet.stored.document
    .jwtBuilder()
    .addHeader(JWTHeader.TYPE, JWTHeader.JWT_TYPE)
    .addHeader(JWTHeader.CONTENT_TYPE, 'json')
    .setIssuedAt(iat)
    .setExpiration(iat + days * DAY_SEC)
    .addClaims(properties as never)
    .sign(wallet.stored.storepass);
}

function requireData(intent: ParsedIntentUrl): string {
  if (typeof intent.params.data !== 'string' || intent.params.data === '') {
    throw new DidError('did.intent_invalid', `${intent.action} needs a data parameter`);
  }
  return intent.params.data;
}

/**
 * credaccess (credentialaccessrequest.ts acceptRequest): a presentation of the requested credentials the
 * wallet holds (found by fragment = claim name; optional ones included, as the page pre-selects them)
 * with the request's nonce and realm; claims `type`, `did`, `presentation`, `req` and `aud` (request iss)
 * when the request was a JWT; valid `jwtExpirationDays` (default 1) days.
 */
export async function credAccessReply(
  wallet: OpenedWallet,
  intent: ParsedIntentUrl,
  now: Date,
): Promise<string> {
  const { params } = intent;
  const claims = isPlainObject(params.claims) ? params.claims : {};
  const selected = Object.keys(claims)
    .map((k) => wallet.credentials.get(k))
    .filter((vc) => vc !== undefined);
  for (const [k, v] of Object.entries(claims)) {
    const required = isPlainObject(v) ? v.required === true : v === true;
    if (required && !wallet.credentials.has(k)) {
      throw new DidError(
        'did.intent_invalid',
        `the wallet has no ${k} credential, which the request requires`,
      );
    }
  }
  const did = wallet.stored.document.getSubject();
  const builder = await VerifiablePresentation.createFor(did, null, wallet.stored.store);
  const presentation = await builder
    .credentials(...selected)
    .realm(String(params.realm ?? ''))
    .nonce(String(params.nonce ?? ''))
    .seal(wallet.stored.storepass);
  const payload: Record<string, unknown> = {
    type: 'credaccess',
    did: did.toString(),
    presentation: JSON.parse(presentation.toString(true)),
  };
  if (intent.requestJwt) {
    payload.req = `elastos://credaccess/${intent.requestJwt}`;
    if (params.iss !== undefined) payload.aud = params.iss;
  }
  const days = Number(params.jwtExpirationDays) > 0 ? Number(params.jwtExpirationDays) : 1;
  return signWalletJwt(wallet, payload, days, now);
}

/**
 * didsign (signrequest.ts): signs SHA-256(UTF-8 data) with the default key; claims = jwtExtra fields,
 * `signature` (or signatureFieldName) as base64url r‖s, `publickey` (base58), `req` when the request was a JWT.
 */
export async function didSignReply(
  wallet: OpenedWallet,
  intent: ParsedIntentUrl,
  now: Date,
): Promise<string> {
  const data = requireData(intent);
  const { params } = intent;
  const doc = wallet.stored.document;
  const signature = await doc.signWithStorePass(wallet.stored.storepass, Buffer.from(data, 'utf8'));
  const payload: Record<string, unknown> = {};
  if (isPlainObject(params.jwtExtra)) Object.assign(payload, params.jwtExtra);
  payload[typeof params.signatureFieldName === 'string' ? params.signatureFieldName : 'signature'] =
    signature;
  payload.publickey = doc.getDefaultPublicKey().getPublicKeyBase58();
  if (intent.requestJwt) payload.req = `elastos://didsign/${intent.requestJwt}`;
  return signWalletJwt(wallet, payload, 1, now);
}

/**
 * signdigest (signdigest.ts): signs the hex-decoded data as the digest (no hashing); claims = jwtExtra
 * (or payload) fields and `signature` (or signatureFieldName) as 128 hex r‖s. No publickey, no req.
 */
export async function signDigestReply(
  wallet: OpenedWallet,
  intent: ParsedIntentUrl,
  now: Date,
): Promise<string> {
  const data = requireData(intent);
  // Android's hex2byte throws on anything but bare even-length hex; the page then never answers.
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(data))
    throw new DidError('did.intent_invalid', 'signdigest data is not bare hex');
  const { params } = intent;
  const b64 = await wallet.stored.document.signDigest(
    null,
    wallet.stored.storepass,
    Buffer.from(data, 'hex'),
  );
  const raw = base64urlDecode(b64);
  if (!raw) throw new Error('SDK returned a signature that is not base64url');
  const payload: Record<string, unknown> = isPlainObject(params.jwtExtra)
    ? { ...params.jwtExtra }
    : isPlainObject(params.payload)
      ? { ...params.payload }
      : {};
  payload[typeof params.signatureFieldName === 'string' ? params.signatureFieldName : 'signature'] =
    raw.toString('hex');
  return signWalletJwt(wallet, payload, 1, now);
}
