import type { AnyRoute } from './http/route';
import { accountRoutes } from './modules/account/account.routes';
import { chainRoutes } from './modules/chain/chain.routes';
import { councilRoutes } from './modules/council/council.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { healthRoutes } from './modules/health/health.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { proposalRoutes } from './modules/proposal/proposal.routes';
import { siteRoutes } from './modules/site/site.routes';
import { suggestionRoutes } from './modules/suggestion/suggestion.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { userRoutes } from './modules/user/user.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';

/** Every HTTP route of the api, by area. A new area adds its list here. */
export function allRoutes(): AnyRoute[] {
  const routes: AnyRoute[] = [
    ...healthRoutes,
    ...siteRoutes,
    ...userRoutes,
    ...accountRoutes,
    ...profileRoutes,
    ...uploadRoutes,
    ...walletRoutes,
    ...suggestionRoutes,
    ...proposalRoutes,
    ...councilRoutes,
    ...chainRoutes,
    ...devRoutes,
  ];
  return [...routes, ...docsRoutes(() => routes)];
}
