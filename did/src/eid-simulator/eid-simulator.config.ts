import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { devEidDir } from '../dev-endpoints';

/** Repository root (did/src/eid-simulator → ../../..), so `.data/` is the same wherever the command runs. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const schema = z.object({
  EID_SIM_HOST: z.string().min(1).default('127.0.0.1'),
  /** 9123 is the SDK's default simulated-ID-chain port; 0 picks a free one. */
  EID_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(9123),
  EID_SIM_DATA_DIR: z
    .string()
    .min(1)
    .default(devEidDir(path.join(REPO_ROOT, '.data'))),
});

export type EidSimulatorConfig = z.infer<typeof schema>;

/** The standalone simulator's configuration (env only). */
export function loadEidSimulatorConfig(
  env: Record<string, string | undefined> = process.env,
): EidSimulatorConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`EID simulator configuration is invalid:\n${problems}`);
  }
  return { ...result.data, EID_SIM_DATA_DIR: path.resolve(result.data.EID_SIM_DATA_DIR) };
}
