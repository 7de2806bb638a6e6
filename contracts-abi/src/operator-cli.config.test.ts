import { describe, expect, it } from 'vitest';
import { parseEther } from 'ethers';
import { OperatorConfigError, loadOperatorCliConfig } from './operator-cli.config';

describe('operator CLI configuration', () => {
  it('parses a command with an ELA amount and the dev key', () => {
    const config = loadOperatorCliConfig({}, ['fund-treasury', '--ela', '12.5', '--dev']);
    expect(config.command).toEqual({ command: 'fund-treasury', ela: parseEther('12.5') });
    expect(config.rpcUrl).toBe('http://127.0.0.1:8545');
    expect(config.addresses).toBeUndefined();
  });

  it('lists every problem and never echoes the key', () => {
    const secret = `0x${'z'.repeat(64)}`;
    try {
      loadOperatorCliConfig({ OPERATOR_PRIVATE_KEY: secret, COUNCIL_ADDRESS: '0x1' }, ['set-council']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OperatorConfigError);
      const message = (error as Error).message;
      expect(message).toContain('OPERATOR_PRIVATE_KEY');
      expect(message).toContain('COUNCIL_ADDRESS');
      expect(message).toContain('seats');
      expect(message).not.toContain(secret);
    }
  });

  it('requires an operator key outside --dev', () => {
    expect(() => loadOperatorCliConfig({}, ['status'])).toThrow(/OPERATOR_PRIVATE_KEY: required/);
  });
});
