/** The wallet module's public face: what other modules use of it (they import nothing else of it). */
export { defineWalletAction, noPayload } from './wallet-action';
export { findWalletRequest, markConsumed } from './wallet-request.repo';
export { secretMatches } from './wallet-request.service';
