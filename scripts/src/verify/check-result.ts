import { toPublicKeyXY, verifyStatementSignature, type PublicKeyXY } from '@cr/contracts-abi/p256';
import { textHash } from '@cr/contracts-abi/statements';
import type { AnyProposalArchive } from '@cr/contract/proposal-archive.contract';

/**
 * One result per check of the offline verifier (docs/verify.md "Archive"); `item` names what was checked. The
 * helpers every part of the verifier shares: a statement rebuilt and its signature, a text against its hash.
 */
export interface CheckResult {
  ok: boolean;
  item: string;
  detail: string;
}

export const pass = (item: string, detail = 'ok'): CheckResult => ({ ok: true, item, detail });
export const fail = (item: string, detail: string): CheckResult => ({ ok: false, item, detail });
export const same = (item: string, what: string, expected: string, actual: string): CheckResult =>
  expected.toLowerCase() === actual.toLowerCase()
    ? pass(item, `${what} ok`)
    : fail(item, `${what} mismatch (expected ${expected}, archived ${actual})`);

/** Runs `fn`, turning a throw (malformed field) into a failed check of `item`. */
export function guarded(item: string, fn: () => CheckResult): CheckResult {
  try {
    return fn();
  } catch (err) {
    return fail(item, `malformed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function keyOf(a: AnyProposalArchive, did: string): PublicKeyXY {
  const signer = a.signers.find((s) => s.did === did);
  if (!signer?.publicKey) throw new Error(`no public key archived for ${did}`);
  return toPublicKeyXY(signer.publicKey);
}

/** The checks of one signed statement: rebuilt words, then the signature against the signer's key. */
export function statementChecks(
  a: AnyProposalArchive,
  item: string,
  signerDid: string,
  archived: { statement: string; signature: string },
  rebuild: () => string,
): CheckResult[] {
  return [
    guarded(item, () => {
      const expected = rebuild();
      return expected === archived.statement
        ? pass(item, 'statement ok')
        : fail(item, `statement mismatch: rebuilt "${expected}", archived "${archived.statement}"`);
    }),
    guarded(item, () =>
      verifyStatementSignature(archived.statement, archived.signature, keyOf(a, signerDid))
        ? pass(item, `signature ok (${signerDid})`)
        : fail(item, `signature mismatch: does not verify against the key of ${signerDid}`),
    ),
  ];
}

/** SHA-256 of the text (textHash) against the hash archived beside it. */
export const hashCheck = (item: string, what: string, text: string, archivedHash: string) =>
  guarded(item, () =>
    textHash(text) === archivedHash.toLowerCase()
      ? pass(item, `${what}: hash ok`)
      : fail(item, `${what}: hash mismatch (sha256 of the text ${textHash(text)}, archived ${archivedHash})`),
  );
