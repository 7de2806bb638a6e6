import { describe, expect, it } from 'vitest';
import { replyFor } from './wallet-action';

const signer = 'did:elastos:iTestSigner';

describe('replyFor: the reply an action gets for its intent', () => {
  it('gives a didsign or signdigest action the signature and the key, and refuses a reply without them', () => {
    const signed = { signerDid: signer, signatureHex: 'ab'.repeat(64), publicKeyBase58: 'key' };
    expect(replyFor('didsign', signed).signatureHex).toBe('ab'.repeat(64));
    for (const intent of ['didsign', 'signdigest'] as const)
      expect(() => replyFor(intent, { signerDid: signer, publicKeyBase58: 'key' })).toThrow(
        expect.objectContaining({ status: 400, type: 'did.signature_invalid' }),
      );
  });

  it('gives an esctransaction action the checked transaction, and refuses a reply without one', () => {
    expect(() => replyFor('esctransaction', { signerDid: '', txHash: `0x${'1'.repeat(64)}` })).toThrow(
      expect.objectContaining({ status: 400, type: 'wallet.transaction_missing' }),
    );
  });

  it('passes a credaccess reply as it is', () => {
    const reply = { signerDid: signer, publicKeyBase58: 'key', shared: { name: 'Ada' } };
    expect(replyFor('credaccess', reply)).toBe(reply);
  });
});
