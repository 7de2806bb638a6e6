import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from 'ethers';
import { P256_N, P256FormatError, toContractSig, toPublicKeyXY, verifyStatementSignature } from './p256';
import { highSSignature, makeIdentity } from './test-support/identities';

describe('p256 helpers', () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const expected = {
    qx: `0x${Buffer.from(jwk.x!, 'base64url').toString('hex')}`,
    qy: `0x${Buffer.from(jwk.y!, 'base64url').toString('hex')}`,
  };
  const uncompressed = `04${expected.qx.slice(2)}${expected.qy.slice(2)}`;
  const compressed = `${BigInt(expected.qy) & 1n ? '03' : '02'}${expected.qx.slice(2)}`;

  it('reads a public key in every common form to the same (qx, qy)', () => {
    const forms = [
      compressed,
      `0x${compressed}`,
      uncompressed,
      `0x${uncompressed.slice(2)}`,
      encodeBase58(`0x${compressed}`),
      publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      jwk,
      publicKey,
      Buffer.from(compressed, 'hex'),
    ];
    for (const form of forms) expect(toPublicKeyXY(form as never)).toEqual(expected);
  });

  it('refuses points off the curve and unknown formats', () => {
    expect(() => toPublicKeyXY(`04${'11'.repeat(64)}`)).toThrow(P256FormatError);
    expect(() => toPublicKeyXY('not a key')).toThrow(P256FormatError);
  });

  it('reads hex and base64url raw r‖s and normalises a high s to n − s', () => {
    const identity = makeIdentity('x');
    const statement = 'Cyber Republic test';
    const { raw, s } = highSSignature(identity, statement);
    const fromHex = toContractSig(raw);
    expect(BigInt(fromHex.s)).toBe(P256_N - s);
    expect(toContractSig(`0x${raw}`)).toEqual(fromHex);
    expect(toContractSig(Buffer.from(raw, 'hex').toString('base64url'))).toEqual(fromHex);
    // Both the original and the normalised signature verify: normalising changes nothing the signer approved.
    expect(verifyStatementSignature(statement, raw, identity.key)).toBe(true);
    expect(verifyStatementSignature(statement, fromHex.r.slice(2) + fromHex.s.slice(2), identity.key)).toBe(
      true,
    );
    expect(verifyStatementSignature(`${statement}!`, raw, identity.key)).toBe(false);
  });

  it('refuses malformed signatures', () => {
    expect(() => toContractSig('abcd')).toThrow(P256FormatError);
    expect(() => toContractSig('00'.repeat(64))).toThrow(P256FormatError);
  });
});
