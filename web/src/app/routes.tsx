import type { PageLoader } from '../components/lazy-page';
import { ERROR_NAMESPACES, loadNamespaces } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { ROUTES } from '../lib/paths';

export type Access = 'public' | 'member' | 'admin';

export interface PageRoute {
  path: string;
  load: PageLoader;
  /** Who may open it: everyone, signed-in members, or admins (the api checks again). */
  access?: Access;
}

/**
 * A page module together with the texts of its feature (namespaces of `web/src/features/<f>/locales`) in the
 * reader's language: the page shows only once both are there, so no raw key ever flashes.
 */
function withTexts<M>(
  ns: string[],
  importer: () => Promise<M>,
  { errorTexts = true }: { errorTexts?: boolean } = {},
): () => Promise<M> {
  const all = errorTexts ? [...ERROR_NAMESPACES, ...ns] : ns;
  return () => Promise.all([importer(), loadNamespaces(all)]).then(([m]) => m);
}

/**
 * The page's module after the heavy shared modules it needs, each evaluated in a task of its own. A module and
 * everything it imports are evaluated in one task: the suggestion contracts alone (zod schemas built as the module
 * runs) took 15–20 ms of a proposal page's 40–50 ms task in Chromium, four times that on a slow phone. Evaluated
 * apart, the page's own module then finds them done.
 */
function afterModules<M>(
  modules: Array<() => Promise<unknown>>,
  importer: () => Promise<M>,
): () => Promise<M> {
  return async () => {
    for (const load of modules) {
      await load();
      await nextTask();
    }
    return importer();
  };
}
const suggestionContract = () => import('@cr/contract/suggestion.contract');
const proposalContract = () => import('@cr/contract/proposal.contract');

/** Picks one named page component out of a lazily imported module. */
function pick<M, K extends keyof M>(importer: () => Promise<M>, name: K): PageLoader {
  return () => importer().then((m) => ({ default: m[name] as never }));
}

// The home page shows before the words of a failed call are there: its blocks fetch them (live-dao.tsx).
const home = withTexts(['home'], () => import('../features/home/routes/home-page'), { errorTexts: false });
const whitepaper = withTexts([], () => import('../features/whitepaper/routes/whitepaper-page'));
const funding = withTexts([], () => import('../features/funding/routes/funding-page'));
const legal = withTexts([], () => import('../features/legal/routes/legal-pages'));
const auth = withTexts(['auth'], () => import('../features/auth/routes/auth-pages'));
const suggestionList = withTexts(
  ['suggestions'],
  afterModules([suggestionContract], () => import('../features/suggestions/routes/suggestion-list-page')),
);
const suggestionForms = withTexts(
  ['suggestions'],
  () => import('../features/suggestions/routes/suggestion-form-pages'),
);
const suggestionDetail = withTexts(
  ['suggestions'],
  () => import('../features/suggestions/routes/suggestion-detail-page'),
);
const suggestionHistory = withTexts(
  ['suggestions'],
  () => import('../features/suggestions/routes/suggestion-history-page'),
);
const mySuggestions = withTexts(
  ['suggestions'],
  () => import('../features/suggestions/routes/my-suggestions-page'),
);
const adminSuggestions = withTexts(
  ['admin', 'suggestions'],
  () => import('../features/admin/routes/admin-suggestions-page'),
);
const proposalList = withTexts(
  ['proposals'],
  () => import('../features/proposals/routes/proposal-list-page'),
);
const proposalPages = withTexts(
  ['proposals'],
  afterModules([proposalContract], () => import('../features/proposals/routes/proposal-pages')),
);
const proposalEdit = withTexts(
  ['proposals'],
  () => import('../features/proposals/routes/proposal-edit-page'),
);
const council = withTexts(['council'], () => import('../features/council/routes/council-page'));
const councilPages = withTexts(['council'], () => import('../features/council/routes/council-pages'));
const treasury = withTexts(
  ['treasury', 'proposals'],
  () => import('../features/treasury/routes/treasury-page'),
);
const verify = withTexts(['verify', 'proposals'], () => import('../features/verify/routes/verify-page'));
const elipList = withTexts(['elips'], () => import('../features/elips/routes/elip-list-page'));
const elipPages = withTexts(['elips'], () => import('../features/elips/routes/elip-pages'));
const releases = withTexts(['releases'], () => import('../features/releases/routes/whats-new-page'));
const gettingStarted = withTexts(
  ['getting-started'],
  () => import('../features/getting-started/routes/getting-started-pages'),
);
const profileInfo = withTexts(['profile'], () => import('../features/profile/routes/profile-info-page'));
const profilePages = withTexts(['profile'], () => import('../features/profile/routes/profile-pages'));
const teamLists = withTexts(['teams'], () => import('../features/teams/routes/team-list-pages'));
const teamDetail = withTexts(['teams'], () => import('../features/teams/routes/team-detail-page'));
const teamForms = withTexts(['teams'], () => import('../features/teams/routes/team-form-pages'));
const memberSearch = withTexts(['teams'], () => import('../features/teams/routes/member-search-page'));
const myTeams = withTexts(['teams'], () => import('../features/teams/routes/my-teams-page'));
const messages = withTexts(['social'], () => import('../features/social/routes/messages-page'));
const unsubscribe = withTexts(['profile'], () => import('../features/profile/routes/unsubscribe-page'));
const inbox = withTexts(['inbox'], () => import('../features/inbox/routes/inbox-page'));
const profileEdit = withTexts(['profile'], () => import('../features/profile/routes/profile-edit-pages'));
const member = withTexts(['members', 'proposals'], () => import('../features/members/routes/member-page'));
const adminPages = withTexts(['admin'], () => import('../features/admin/routes/admin-pages'));
const communities = withTexts(
  ['communities'],
  () => import('../features/communities/routes/communities-page'),
);
const campaigns = withTexts(['campaigns'], () => import('../features/campaigns/routes/campaign-pages'));
const developer = withTexts(['tasks', 'teams'], () => import('../features/developer/routes/developer-pages'));

/**
 * Every page of the site. The first block is the route table of spec §2, exactly; the second holds the other
 * areas the spec names without paths. All paths match exactly; anything else is the 404 page.
 */
export const PAGE_ROUTES: PageRoute[] = [
  { path: ROUTES.home, load: pick(home, 'HomePage') },
  { path: ROUTES.homeAlias, load: pick(home, 'HomePage') },
  { path: ROUTES.whitepaper, load: pick(whitepaper, 'WhitepaperPage') },
  { path: ROUTES.funding, load: pick(funding, 'FundingPage') },
  { path: ROUTES.ssoLogin, load: pick(auth, 'SsoLoginPage') },
  { path: ROUTES.login, load: pick(auth, 'LoginPage') },
  { path: ROUTES.register, load: pick(auth, 'RegisterPage') },
  { path: ROUTES.forgotPassword, load: pick(auth, 'ForgotPasswordPage') },
  { path: ROUTES.resetPassword, load: pick(auth, 'ResetPasswordPage') },
  { path: ROUTES.terms, load: pick(legal, 'TermsPage') },
  { path: ROUTES.suggestions, load: pick(suggestionList, 'SuggestionListPage') },
  { path: ROUTES.suggestionCreate, load: pick(suggestionForms, 'SuggestionCreatePage'), access: 'member' },
  { path: ROUTES.suggestionEdit, load: pick(suggestionForms, 'SuggestionEditPage'), access: 'member' },
  { path: ROUTES.suggestion, load: pick(suggestionDetail, 'SuggestionDetailPage') },
  { path: ROUTES.suggestionAlias, load: pick(suggestionDetail, 'SuggestionDetailPage') },
  { path: ROUTES.suggestionHistory, load: pick(suggestionHistory, 'SuggestionHistoryPage') },
  { path: ROUTES.profileInfo, load: pick(profileInfo, 'ProfileInfoPage'), access: 'member' },
  { path: ROUTES.mySuggestions, load: pick(mySuggestions, 'MySuggestionsPage'), access: 'member' },
  { path: ROUTES.trainingForm, load: pick(campaigns, 'TrainingFormPage') },
  { path: ROUTES.member, load: pick(member, 'MemberPage') },
  { path: ROUTES.adminUsers, load: pick(adminPages, 'AdminUsersPage'), access: 'admin' },
  { path: ROUTES.adminUserProfile, load: pick(adminPages, 'AdminUserProfilePage'), access: 'admin' },
  { path: ROUTES.adminForms, load: pick(adminPages, 'AdminFormsPage'), access: 'admin' },
  { path: ROUTES.adminSuggestions, load: pick(adminSuggestions, 'AdminSuggestionsPage'), access: 'admin' },
  { path: ROUTES.adminPermissions, load: pick(adminPages, 'AdminPermissionsPage'), access: 'admin' },
  { path: ROUTES.adminAudit, load: pick(adminPages, 'AdminAuditPage'), access: 'admin' },
  { path: ROUTES.adminSettings, load: pick(adminPages, 'AdminSettingsPage'), access: 'admin' },
  { path: ROUTES.adminStatus, load: pick(adminPages, 'AdminStatusPage'), access: 'admin' },
  { path: ROUTES.proposals, load: pick(proposalList, 'ProposalListPage') },
  { path: ROUTES.proposalLegacy, load: pick(proposalPages, 'ProposalDetailPage') },
  { path: ROUTES.proposal, load: pick(proposalPages, 'ProposalDetailPage') },
  { path: ROUTES.proposalEdit, load: pick(proposalEdit, 'ProposalEditPage'), access: 'member' },
  { path: ROUTES.council, load: pick(council, 'CouncilPage') },
  { path: ROUTES.secretariatPosition, load: pick(councilPages, 'SecretariatPositionPage') },
  { path: ROUTES.councilList, load: pick(councilPages, 'CouncilListPage') },
  { path: ROUTES.councilMember, load: pick(councilPages, 'CouncilMemberPage') },
  { path: ROUTES.candidates, load: pick(councilPages, 'CandidatesPage') },

  // Areas named by the spec without paths.
  { path: ROUTES.privacy, load: pick(legal, 'PrivacyPage') },
  { path: ROUTES.unsubscribe, load: pick(unsubscribe, 'UnsubscribePage') },
  { path: ROUTES.treasury, load: pick(treasury, 'TreasuryPage') },
  { path: ROUTES.verify, load: pick(verify, 'VerifyPage') },
  { path: ROUTES.elips, load: pick(elipList, 'ElipListPage') },
  { path: ROUTES.elipCreate, load: pick(elipPages, 'ElipCreatePage'), access: 'member' },
  { path: ROUTES.elip, load: pick(elipPages, 'ElipDetailPage') },
  { path: ROUTES.elipEdit, load: pick(elipPages, 'ElipEditPage'), access: 'member' },
  { path: ROUTES.whatsNew, load: pick(releases, 'WhatsNewPage') },
  { path: ROUTES.gettingStarted, load: pick(gettingStarted, 'GettingStartedPage') },
  { path: ROUTES.video, load: pick(gettingStarted, 'ExplainerVideoPage') },
  { path: ROUTES.communities, load: pick(communities, 'CommunitiesPage') },
  { path: ROUTES.developer, load: pick(developer, 'DeveloperLearnPage') },
  { path: ROUTES.developerProjects, load: pick(developer, 'DeveloperProjectsPage') },
  { path: ROUTES.developerTasks, load: pick(developer, 'DeveloperTasksPage') },
  { path: ROUTES.developerTeams, load: pick(teamLists, 'DeveloperTeamsPage') },
  { path: ROUTES.developerMembers, load: pick(memberSearch, 'MemberSearchPage') },
  { path: ROUTES.crcles, load: pick(teamLists, 'CrclesPage') },
  { path: ROUTES.crcle, load: pick(teamDetail, 'CrcleDetailPage') },
  { path: ROUTES.teamCreate, load: pick(teamForms, 'TeamCreatePage'), access: 'member' },
  { path: ROUTES.team, load: pick(teamDetail, 'TeamDetailPage') },
  { path: ROUTES.teamEdit, load: pick(teamForms, 'TeamEditPage'), access: 'member' },
  { path: ROUTES.projectCreate, load: pick(developer, 'ProjectCreatePage'), access: 'member' },
  { path: ROUTES.project, load: pick(developer, 'ProjectDetailPage') },
  { path: ROUTES.taskCreate, load: pick(developer, 'TaskCreatePage'), access: 'member' },
  { path: ROUTES.task, load: pick(developer, 'TaskDetailPage') },
  { path: ROUTES.organizerApply, load: pick(campaigns, 'OrganizerApplyPage') },
  { path: ROUTES.ambassadorsApply, load: pick(campaigns, 'AmbassadorApplyPage') },
  { path: ROUTES.anniversary, load: pick(campaigns, 'AnniversaryPage') },
  { path: ROUTES.empower35, load: pick(campaigns, 'Empower35Page') },
  { path: ROUTES.myTasks, load: pick(profilePages, 'MyTasksPage'), access: 'member' },
  { path: ROUTES.myTeams, load: pick(myTeams, 'MyTeamsPage'), access: 'member' },
  { path: ROUTES.messages, load: pick(messages, 'MessagesPage'), access: 'member' },
  { path: ROUTES.inbox, load: pick(inbox, 'InboxPage'), access: 'member' },
  { path: ROUTES.messagesWith, load: pick(messages, 'MessagesPage'), access: 'member' },
  { path: ROUTES.myIssues, load: pick(profilePages, 'MyIssuesPage'), access: 'member' },
  { path: ROUTES.myCommunities, load: pick(profilePages, 'MyCommunitiesPage'), access: 'member' },
  { path: ROUTES.myProjects, load: pick(profilePages, 'MyProjectsPage'), access: 'member' },
  { path: ROUTES.myForms, load: pick(profilePages, 'MyFormsPage'), access: 'member' },
  { path: ROUTES.publicProfile, load: pick(profilePages, 'PublicProfilePage'), access: 'member' },
  { path: ROUTES.profileEdit, load: pick(profileEdit, 'EditProfilePage'), access: 'member' },
  { path: ROUTES.profileEditFull, load: pick(profileEdit, 'EditFullProfilePage'), access: 'member' },
  { path: ROUTES.adminTasks, load: pick(adminPages, 'AdminTasksPage'), access: 'admin' },
  { path: ROUTES.adminCommunities, load: pick(adminPages, 'AdminCommunitiesPage'), access: 'admin' },
  { path: ROUTES.adminTeams, load: pick(adminPages, 'AdminTeamsPage'), access: 'admin' },
  { path: ROUTES.adminIssues, load: pick(adminPages, 'AdminIssuesPage'), access: 'admin' },
  { path: ROUTES.adminProjects, load: pick(adminPages, 'AdminProjectsPage'), access: 'admin' },
];
