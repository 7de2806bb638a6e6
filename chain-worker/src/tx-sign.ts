/**
 * Signs an EIP-1559 (type 2) transaction: the same bytes as ethers' `Wallet.signTransaction`, serialized with
 * Buffers. ethers serializes through hex strings, byte by byte: 15.5 ms for a RelayBatch transaction of 20 KB on
 * this machine against 2.4 ms, inside the signing run that holds the relayer's nonce. The signature itself is ethers' (RFC 6979,
 * deterministic), so the bytes are identical (tx-sign.test.ts compares them).
 */
import { keccak256, type SigningKey } from 'ethers';

export interface Eip1559Fields {
  chainId: number;
  nonce: number;
  to: string;
  data: string;
  value: bigint;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

type Rlp = Buffer | Rlp[];

function uint(n: bigint | number): Buffer {
  const v = BigInt(n);
  if (v < 0n) throw new Error('RLP integers are unsigned');
  if (v === 0n) return Buffer.alloc(0);
  const hex = v.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

const hexBytes = (hex: string) => Buffer.from(hex.startsWith('0x') ? hex.slice(2) : hex, 'hex');

function header(length: number, short: number, long: number): Buffer {
  if (length < 56) return Buffer.from([short + length]);
  const len = uint(length);
  return Buffer.concat([Buffer.from([long + len.length]), len]);
}

function rlp(item: Rlp): Buffer {
  if (Array.isArray(item)) {
    const body = Buffer.concat(item.map(rlp));
    return Buffer.concat([header(body.length, 0xc0, 0xf7), body]);
  }
  if (item.length === 1 && item[0]! < 0x80) return item;
  return Buffer.concat([header(item.length, 0x80, 0xb7), item]);
}

/** The signed transaction as 0x hex (what eth_sendRawTransaction takes). */
export function signEip1559(key: SigningKey, tx: Eip1559Fields): string {
  const fields: Rlp[] = [
    uint(tx.chainId),
    uint(tx.nonce),
    uint(tx.maxPriorityFeePerGas),
    uint(tx.maxFeePerGas),
    uint(tx.gasLimit),
    hexBytes(tx.to),
    uint(tx.value),
    hexBytes(tx.data),
    [], // access list
  ];
  const unsigned = Buffer.concat([Buffer.from([2]), rlp(fields)]);
  const sig = key.sign(keccak256(unsigned));
  const signed = rlp([...fields, uint(sig.yParity), uint(BigInt(sig.r)), uint(BigInt(sig.s))]);
  return `0x02${signed.toString('hex')}`;
}
