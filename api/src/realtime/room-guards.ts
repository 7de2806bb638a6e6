import type { AppDeps } from '../app-deps';
import { resolveToken } from '../modules/session/session.service';
import { findWalletRequest } from '../modules/wallet/wallet-request.repo';
import { secretMatches } from '../modules/wallet/wallet-request.service';
import type { SocketServer } from './socket-server';

/** Guards of the rooms that are not public: each checks what the client sent when subscribing. */
export function registerRoomGuards(sockets: SocketServer, deps: AppDeps): void {
  // A wallet request's updates go only to the browser holding its secret.
  sockets.guard('wallet-request', async (_socket, id, secret) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) return false;
    const row = await findWalletRequest(deps.database.db, id);
    return !!row && secretMatches(row, secret);
  });
  // A member's personal room (`user:<id>`: direct messages, unread count) only for that member's session token.
  sockets.guard('user', async (_socket, id, token) => {
    if (typeof token !== 'string' || token.length > 500) return false;
    const user = await resolveToken(deps.database.db, token);
    return !!user && user.id === id;
  });
}
