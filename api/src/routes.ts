import type { AnyRoute } from './http/route';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { accountRoutes } from './modules/account/account.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { mailPreferenceRoutes } from './modules/mail-preferences/mail-preferences.routes';
import { chainRoutes } from './modules/chain/chain.routes';
import { conclusionRoutes } from './modules/conclusion/conclusion.routes';
import { communityRoutes } from './modules/community/community.routes';
import { councilRoutes } from './modules/council/council.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { elipRoutes } from './modules/elip/elip.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { healthRoutes } from './modules/health/health.routes';
import { milestoneRoutes } from './modules/milestone/milestone.routes';
import { nominationRoutes } from './modules/nomination/nomination.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { proposalRoutes } from './modules/proposal/proposal.routes';
import { trackingRoutes } from './modules/proposal-tracking/tracking.routes';
import { socialRoutes } from './modules/social/social.routes';
import { releaseRoutes } from './modules/release/release.routes';
import { siteRoutes } from './modules/site/site.routes';
import { submissionRoutes } from './modules/submission/submission.routes';
import { suggestionRoutes } from './modules/suggestion/suggestion.routes';
import { taskRoutes } from './modules/task/task.routes';
import { teamRoutes } from './modules/team/team.routes';
import { treasuryRoutes } from './modules/treasury/treasury.routes';
import { verifyRoutes } from './modules/verify/verify.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { userRoutes } from './modules/user/user.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { walletActions } from './wallet-actions';

/** Every HTTP route of the api, by area. A new area adds its list here. */
export function allRoutes(): AnyRoute[] {
  const routes: AnyRoute[] = [
    ...healthRoutes,
    ...siteRoutes,
    ...userRoutes,
    ...accountRoutes,
    ...profileRoutes,
    ...uploadRoutes,
    ...walletRoutes(walletActions),
    ...suggestionRoutes,
    ...nominationRoutes,
    ...proposalRoutes,
    ...trackingRoutes,
    ...milestoneRoutes,
    ...conclusionRoutes,
    ...councilRoutes,
    ...treasuryRoutes,
    ...verifyRoutes,
    ...teamRoutes,
    ...taskRoutes,
    ...socialRoutes,
    ...adminRoutes,
    ...auditRoutes,
    ...communityRoutes,
    ...submissionRoutes,
    ...elipRoutes,
    ...releaseRoutes,
    ...calendarRoutes,
    ...inboxRoutes,
    ...mailPreferenceRoutes,
    ...chainRoutes,
    ...devRoutes,
  ];
  return [...routes, ...docsRoutes(() => routes)];
}
