import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { chainReader, READ_TIMEOUT_MS, withReadTimeout } from '../../chain/chain-reader';
import { clientAddress, hitRate, type RateRule } from '../../http/rate-limit';
import {
  checkLogFilter,
  isAnswer,
  readCall,
  RPC_BODY_LIMIT,
  RPC_MAX_BATCH,
  rpcError,
  RpcErrorCode,
  type RpcAnswer,
  type RpcCall,
} from './rpc-allow-list';

/** Per client address: HTTP requests to the proxy (a batch counts once; batches hold at most RPC_MAX_BATCH). */
export const RPC_RATE: RateRule = { name: 'rpc-proxy', limit: 300, windowSec: 60 };

/** One call to the node as sent (plain HTTP JSON-RPC), its answer as the node gave it. */
async function forwardHttp(url: string, call: RpcCall): Promise<RpcAnswer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(call),
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  const body = (await res.json()) as RpcAnswer;
  return {
    jsonrpc: '2.0',
    id: call.id,
    ...('error' in body ? { error: body.error } : { result: body.result }),
  };
}

/** Over a WebSocket node: through the api's one chain reader. */
async function forwardProvider(deps: AppDeps, call: RpcCall): Promise<RpcAnswer> {
  try {
    const result: unknown = await withReadTimeout(chainReader(deps)!.send(call.method, call.params));
    return { jsonrpc: '2.0', id: call.id, result };
  } catch (err) {
    const e = (err as { error?: { code?: number; message?: string } }).error;
    return rpcError(call.id, e?.code ?? RpcErrorCode.internal, e?.message ?? 'The node refused the call.');
  }
}

function forwarder(deps: AppDeps): (call: RpcCall) => Promise<RpcAnswer> {
  const url = deps.config.CHAIN_RPC_URL!;
  const http = /^https?:/i.test(url);
  return async (call) => {
    try {
      return http ? await forwardHttp(url, call) : await forwardProvider(deps, call);
    } catch {
      return rpcError(call.id, RpcErrorCode.unavailable, 'The chain node did not answer.');
    }
  };
}

async function answerOne(
  raw: unknown,
  forward: (call: RpcCall) => Promise<RpcAnswer>,
  head: () => Promise<number>,
): Promise<RpcAnswer> {
  const call = readCall(raw);
  if (isAnswer(call)) return call;
  if (call.method === 'eth_getLogs') {
    const refusal = await checkLogFilter(call.params, head);
    if (refusal) return rpcError(call.id, RpcErrorCode.invalidParams, refusal);
  }
  return forward(call);
}

const send = (res: Response, status: number, body: unknown) =>
  res.status(status).setHeader('Cache-Control', 'no-store').json(body);

/**
 * `POST /api/rpc` — a read-only, rate-limited JSON-RPC 2.0 proxy to the governance chain's node, so a reader can
 * check what the site shows against the chain without an RPC of their own. Answers plain JSON-RPC (not the api's
 * envelope) so ethers, cast and curl use it as they use any node. See docs/verify.md.
 */
export function rpcProxy(deps: AppDeps) {
  const router = express.Router();
  router.post(
    '/rpc',
    express.text({ type: () => true, limit: RPC_BODY_LIMIT }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const { count, retryAfterSec } = await hitRate(deps, RPC_RATE, clientAddress(req));
        if (count > RPC_RATE.limit) {
          res.setHeader('Retry-After', String(retryAfterSec));
          return send(
            res,
            429,
            rpcError(
              null,
              RpcErrorCode.limited,
              `Too many requests: at most ${RPC_RATE.limit} a minute; try again in ${retryAfterSec} s.`,
            ),
          );
        }
        if (!deps.config.CHAIN_RPC_URL || !chainReader(deps)) {
          return send(
            res,
            503,
            rpcError(null, RpcErrorCode.unavailable, 'No chain is configured on this site.'),
          );
        }
        let body: unknown;
        try {
          body = JSON.parse(typeof req.body === 'string' ? req.body : '');
        } catch {
          return send(res, 200, rpcError(null, RpcErrorCode.parse, 'Parse error: the body is not JSON.'));
        }
        const forward = forwarder(deps);
        let headBlock: Promise<number> | undefined;
        const head = () =>
          (headBlock ??= forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }).then(
            (a) => {
              if (typeof a.result !== 'string') throw new Error('no head');
              return Number.parseInt(a.result, 16);
            },
          ));
        const safeHead = () => head().catch(() => Number.MAX_SAFE_INTEGER);
        if (Array.isArray(body)) {
          if (body.length === 0) {
            return send(
              res,
              200,
              rpcError(null, RpcErrorCode.invalidRequest, 'Invalid request: empty batch.'),
            );
          }
          if (body.length > RPC_MAX_BATCH) {
            return send(
              res,
              200,
              rpcError(
                null,
                RpcErrorCode.invalidRequest,
                `A batch holds at most ${RPC_MAX_BATCH} calls (got ${body.length}).`,
              ),
            );
          }
          return send(res, 200, await Promise.all(body.map((c) => answerOne(c, forward, safeHead))));
        }
        return send(res, 200, await answerOne(body, forward, safeHead));
      } catch (err) {
        next(err);
      }
    },
  );
  // Body too large or unreadable: still a JSON-RPC answer.
  router.use(
    '/rpc',
    (err: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
      if (err.type === 'entity.too.large') {
        return send(
          res,
          413,
          rpcError(null, RpcErrorCode.invalidRequest, `The request body is over ${RPC_BODY_LIMIT}.`),
        );
      }
      next(err);
    },
  );
  return router;
}
