import { loadOrCreateAppIdentity, type AppIdentity } from '@cr/did/app-identity';
import { initDidBackend } from '@cr/did/did-backend';
import { buildCredAccessRequest } from '@cr/did/intents/credaccess-request';
import { buildEscTransactionRequest } from '@cr/did/intents/esctransaction-request';
import { buildDidSignRequest, buildSignDigestRequest } from '@cr/did/intents/sign-request';
import { parseCallbackBody, parseEscTransactionResult } from '@cr/did/verify/callback-body';
import { verifyCredAccessReply } from '@cr/did/verify/verify-credaccess-reply';
import { verifySignReply } from '@cr/did/verify/verify-sign-reply';
import type { ApiConfig } from '../../config/api-config';
import { AppError } from '@cr/core/errors/app-error';
import { fromDidError } from '../../http/did-error-map';
import type { PreparedWalletRequest, VerifiedReply, WalletRequest } from './wallet-request-shapes';

/**
 * The api's door to the DID library (did/): builds the QR text for a prepared request and verifies what the
 * wallet POSTs back. All JWT and signature logic stays in did/; this file only maps it to our records.
 */
export interface DidGateway {
  appDid: string;
  buildUrl(
    prepared: PreparedWalletRequest,
    ids: { requestId: string; nonce: string; callbackToken: string; expiresInSec: number },
  ): Promise<string>;
  /** Verifies a callback body against the stored request; throws AppError (4xx) when refused. */
  verifyReply(request: WalletRequest, body: unknown): Promise<VerifiedReply>;
}

export async function createDidGateway(config: ApiConfig): Promise<DidGateway> {
  if (!config.EID_RESOLVER_URL) throw new Error('EID_RESOLVER_URL is required for DID sign-in');
  initDidBackend({ resolverUrl: config.EID_RESOLVER_URL, cacheTtlMs: 10_000 });
  const app: AppIdentity = await loadOrCreateAppIdentity({
    storeDir: config.dirs.appDid,
    storepass: config.APP_DID_STOREPASS,
    mnemonic: config.APP_DID_MNEMONIC,
    passphrase: config.APP_DID_PASSPHRASE,
    // Dev and tests publish the app DID to the local simulator; production's DID is already on the EID chain.
    publishTo: config.NODE_ENV === 'production' ? undefined : config.EID_RESOLVER_URL,
  });
  const publicUrl = new URL(config.PUBLIC_URL);
  const callbackUrl = new URL('/api/wallet/callback', publicUrl).toString();
  const hosts = { did: config.ESSENTIALS_DID_HOST, wallet: config.ESSENTIALS_WALLET_HOST };

  return {
    appDid: app.did,
    async buildUrl(prepared, ids) {
      switch (prepared.intent) {
        case 'credaccess':
          return (
            await buildCredAccessRequest(app, {
              callbackUrl,
              callbackToken: ids.callbackToken,
              nonce: ids.nonce,
              realm: publicUrl.host,
              website: { domain: publicUrl.origin, logo: new URL('/logo.svg', publicUrl).toString() },
              claims: { name: false, email: false },
              expiresInSec: ids.expiresInSec,
              hosts,
            })
          ).url;
        case 'didsign':
          return buildDidSignRequest({ ...ids, callbackUrl, statement: prepared.statement, hosts }).url;
        case 'signdigest':
          return buildSignDigestRequest({ ...ids, callbackUrl, digestHex: prepared.digest, hosts }).url;
        case 'esctransaction': {
          const tx = prepared.transaction;
          return buildEscTransactionRequest({
            chainId: tx.chainId,
            call: { ...tx.call, value: BigInt(tx.call.value) },
            callbackUrl,
            callbackToken: ids.callbackToken,
            hosts,
          }).url;
        }
      }
    },
    async verifyReply(request, body) {
      try {
        const parsed = parseCallbackBody(body);
        if (request.intent === 'esctransaction') {
          // Unsigned: the tx hash is only a lead. The mechanism (wallet-transaction.ts) finds it on chain and checks
          // chain, sender, target, data and value before the reply may claim the request.
          if (parsed.kind !== 'result')
            throw new AppError(
              400,
              'wallet.reply_invalid',
              'A transaction request is answered with { result }.',
            );
          const outcome = parseEscTransactionResult(parsed.result);
          if (outcome.status === 'cancelled')
            throw new AppError(400, 'wallet.cancelled', 'The request was declined in the wallet.');
          if (outcome.status === 'error' || !outcome.txid)
            throw new AppError(
              400,
              'wallet.transaction_failed',
              'The wallet could not send the transaction.',
            );
          return { signerDid: request.expectedSigner ?? '', txHash: outcome.txid };
        }
        if (parsed.kind !== 'jwt') {
          // `{"result":"{}"}`: the member pressed cancel in the wallet.
          throw new AppError(400, 'wallet.cancelled', 'The request was declined in the wallet.');
        }
        const expectedSigner = request.expectedSigner ?? undefined;
        if (request.intent === 'credaccess') {
          const v = await verifyCredAccessReply(parsed.jwt, {
            expectedNonce: request.nonce,
            realm: publicUrl.host,
            appDid: app.did,
            appPublicKey: app.publicKey,
            expectedSigner,
          });
          return {
            signerDid: v.did,
            publicKeyBase58: v.publicKey.base58,
            shared: { name: v.name, email: v.email },
          };
        }
        const v = await verifySignReply(parsed.jwt, {
          expectedSigner,
          expected:
            request.intent === 'didsign'
              ? { kind: 'didsign', statement: request.statement }
              : { kind: 'signdigest', digestHex: request.digest },
          requestId: request.id,
          nonce: request.nonce,
          app: { did: app.did, publicKey: app.publicKey },
        });
        return { signerDid: v.did, signatureHex: v.signatureHex, publicKeyBase58: v.publicKey.base58 };
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw fromDidError(err) ?? err;
      }
    },
  };
}
