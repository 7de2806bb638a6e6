import { resolveDid } from '../did-backend';
import { DidError, isDidError } from '../did-error';
import { decodeJwt } from '../jwt/jwt-decode';
import { checkEs256Signature, checkJwtTimes } from '../jwt/jwt-verify';
import { p256KeyFromBase58, type P256PublicKey } from '../p256-key';

/** Our own identity as a verifier needs it: the app DID and, when known locally, its key. */
export interface AppKeyRef {
  did: string;
  /** Saves a resolution; when absent the app DID is resolved through the DID backend. */
  publicKey?: P256PublicKey;
}

/**
 * Verifies the `req` echo Essentials adds to a reply (`elastos://<action>/<our request JWT>`):
 * it must be a JWT we signed (ES256, iss = APP_DID, our key) and not expired. Returns its claims, which
 * may be trusted only because our signature was checked. Every failure is `did.request_echo_invalid`.
 */
export async function verifyRequestEcho(
  req: unknown,
  options: { action: string; app: AppKeyRef; now?: Date },
): Promise<Record<string, unknown>> {
  const prefix = `elastos://${options.action}/`;
  if (typeof req !== 'string' || !req.startsWith(prefix)) {
    throw new DidError('did.request_echo_invalid', `req is not an elastos://${options.action}/ request`);
  }
  try {
    const decoded = decodeJwt(req.slice(prefix.length));
    if (decoded.claims.iss !== options.app.did) {
      throw new DidError('did.request_echo_invalid', 'req was not issued by this site');
    }
    const key =
      options.app.publicKey ??
      p256KeyFromBase58((await resolveDid(options.app.did)).getDefaultPublicKey().getPublicKeyBase58());
    checkEs256Signature(decoded, key);
    checkJwtTimes(decoded.claims, { now: options.now });
    return decoded.claims;
  } catch (err) {
    if (isDidError(err, 'did.resolver_unavailable') || isDidError(err, 'did.request_echo_invalid')) throw err;
    const reason = err instanceof DidError ? `${err.type}: ${err.message}` : String(err);
    throw new DidError('did.request_echo_invalid', `req is not a valid request of ours (${reason})`, {
      cause: err,
    });
  }
}
