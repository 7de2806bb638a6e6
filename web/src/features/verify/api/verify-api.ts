import { z } from 'zod';
import {
  verifyInfoSchema,
  verifyProposalsSchema,
  type VerifyContractName,
} from '@cr/contract/verify.contract';
import { api } from '../../../lib/api-client';

/** The calls of /verify (api/src/modules/verify/verify.routes.ts). */
export const verifyApi = {
  info: (signal?: AbortSignal) => api.get('/api/verify', undefined, { schema: verifyInfoSchema, signal }),
  proposals: (page: number, signal?: AbortSignal) =>
    api.get('/api/verify/proposals', { page }, { schema: verifyProposalsSchema, signal }),
  abi: (name: VerifyContractName) =>
    api.get(`/api/verify/abi/${name}`, undefined, { schema: z.array(z.unknown()) }),
};
