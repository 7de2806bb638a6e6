import { describe, expect, it } from 'vitest';
import { parseCallbackBody, parseEscTransactionResult } from './callback-body';

describe('callback bodies', () => {
  it('reads { jwt } and { result: "<json>" } as Essentials posts them', () => {
    expect(parseCallbackBody({ jwt: 'a.b.c' })).toEqual({ kind: 'jwt', jwt: 'a.b.c' });
    expect(parseCallbackBody({ result: '{}' })).toEqual({ kind: 'result', result: {} });
    expect(parseCallbackBody({ result: { status: 'cancelled', txid: null } })).toMatchObject({
      kind: 'result',
    });
    for (const bad of [null, 'x', [], {}, { result: 'nope' }, { result: '[1]' }]) {
      expect(() => parseCallbackBody(bad)).toThrow(expect.objectContaining({ type: 'did.jwt_malformed' }));
    }
  });

  it('reads esctransaction results: published with a txid, cancelled, error', () => {
    const txid = `0x${'AB'.repeat(32)}`;
    expect(parseEscTransactionResult({ published: true, txid, status: 'published' })).toEqual({
      status: 'published',
      txid: txid.toLowerCase(),
    });
    expect(parseEscTransactionResult({})).toEqual({ status: 'cancelled', txid: null });
    expect(parseEscTransactionResult({ txid: null, status: 'error' })).toEqual({
      status: 'error',
      txid: null,
    });
    expect(() => parseEscTransactionResult({ status: 'published', txid: '0x12' })).toThrow();
    expect(() => parseEscTransactionResult({ status: 'weird' })).toThrow();
  });
});
