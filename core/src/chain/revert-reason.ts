import { AbiCoder, Interface, type InterfaceAbi, type Result, dataSlice, isError } from 'ethers';

const ERROR_STRING = '0x08c379a0'; // Error(string)
const PANIC = '0x4e487b71'; // Panic(uint256)

const PANIC_CODES: Record<number, string> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division by zero',
  0x21: 'invalid enum value',
  0x22: 'bad storage byte array',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialized function',
};

export interface DecodedRevert {
  /** Custom error name, `Error`, `Panic`, or null when nothing could be decoded. */
  name: string | null;
  /** A sentence a member can read, e.g. `VotingClosed(votingEnd: 1234)`. */
  reason: string;
  /** The custom error's decoded arguments (empty otherwise). */
  args: readonly unknown[];
}

/** Decodes revert data with the known contract ABIs (custom errors), else Error(string) / Panic. */
export function createRevertDecoder(abis: readonly (InterfaceAbi | Interface)[] = []) {
  const interfaces = abis.map((abi) => (abi instanceof Interface ? abi : new Interface(abi)));
  return function decodeRevert(data: string | null | undefined): DecodedRevert {
    if (!data || data === '0x') return { name: null, reason: 'reverted without a reason', args: [] };
    const selector = dataSlice(data, 0, 4);
    try {
      if (selector === ERROR_STRING) {
        const [message] = AbiCoder.defaultAbiCoder().decode(['string'], dataSlice(data, 4));
        return { name: 'Error', reason: String(message), args: [message] };
      }
      if (selector === PANIC) {
        const [code] = AbiCoder.defaultAbiCoder().decode(['uint256'], dataSlice(data, 4));
        const n = Number(code);
        return {
          name: 'Panic',
          reason: `panic 0x${n.toString(16)} (${PANIC_CODES[n] ?? 'unknown panic'})`,
          args: [code],
        };
      }
    } catch {
      return { name: null, reason: `reverted with malformed data ${data.slice(0, 74)}`, args: [] };
    }
    for (const iface of interfaces) {
      const parsed = safeParseError(iface, data);
      if (parsed) {
        const args = parsed.fragment.inputs.map(
          (input, i) => `${input.name || `arg${i}`}: ${format(parsed.args, i)}`,
        );
        return { name: parsed.name, reason: `${parsed.name}(${args.join(', ')})`, args: [...parsed.args] };
      }
    }
    return { name: null, reason: `reverted with unknown error ${selector}`, args: [] };
  };
}

export type RevertDecoder = ReturnType<typeof createRevertDecoder>;

function safeParseError(iface: Interface, data: string) {
  try {
    return iface.parseError(data);
  } catch {
    return null;
  }
}

function format(args: Result, i: number): string {
  const v: unknown = args[i];
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(String).join(', ')}]`;
  return String(v);
}

/** The revert data inside an ethers error (estimateGas / call), if it is a revert at all. */
export function revertDataOf(err: unknown): { isRevert: boolean; data: string | null } {
  if (isError(err, 'CALL_EXCEPTION')) return { isRevert: true, data: err.data ?? null };
  return { isRevert: false, data: null };
}
