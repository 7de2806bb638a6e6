import type { PageLoader } from '../components/lazy-page';

export type Access = 'public' | 'member' | 'admin';

export interface PageRoute {
  path: string;
  load: PageLoader;
  /** Who may open it: everyone, signed-in members, or admins (the api checks again). */
  access?: Access;
}

/** Picks one named page component out of a lazily imported module. */
function pick<M, K extends keyof M>(importer: () => Promise<M>, name: K): PageLoader {
  return () => importer().then((m) => ({ default: m[name] as never }));
}

const home = () => import('../features/home/routes/home-page');
const whitepaper = () => import('../features/whitepaper/routes/whitepaper-page');
const funding = () => import('../features/funding/routes/funding-page');
const legal = () => import('../features/legal/routes/legal-pages');
const auth = () => import('../features/auth/routes/auth-pages');
const suggestionList = () => import('../features/suggestions/routes/suggestion-list-page');
const suggestionForms = () => import('../features/suggestions/routes/suggestion-form-pages');
const suggestionDetail = () => import('../features/suggestions/routes/suggestion-detail-page');
const suggestionHistory = () => import('../features/suggestions/routes/suggestion-history-page');
const mySuggestions = () => import('../features/suggestions/routes/my-suggestions-page');
const adminSuggestions = () => import('../features/admin/routes/admin-suggestions-page');
const proposalList = () => import('../features/proposals/routes/proposal-list-page');
const proposalPages = () => import('../features/proposals/routes/proposal-pages');
const council = () => import('../features/council/routes/council-page');
const councilPages = () => import('../features/council/routes/council-pages');
const elipList = () => import('../features/elips/routes/elip-list-page');
const elipPages = () => import('../features/elips/routes/elip-pages');
const releases = () => import('../features/releases/routes/whats-new-page');
const gettingStarted = () => import('../features/getting-started/routes/getting-started-pages');
const profileInfo = () => import('../features/profile/routes/profile-info-page');
const profilePages = () => import('../features/profile/routes/profile-pages');
const profileEdit = () => import('../features/profile/routes/profile-edit-pages');
const member = () => import('../features/members/routes/member-page');
const adminPages = () => import('../features/admin/routes/admin-pages');
const communities = () => import('../features/communities/routes/communities-page');
const campaigns = () => import('../features/campaigns/routes/campaign-pages');
const developer = () => import('../features/developer/routes/developer-pages');

/**
 * Every page of the site. The first block is the route table of spec §2, exactly; the second holds the other
 * areas the spec names without paths. All paths match exactly; anything else is the 404 page.
 */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/', load: pick(home, 'HomePage') },
  { path: '/home', load: pick(home, 'HomePage') },
  { path: '/whitepaper', load: pick(whitepaper, 'WhitepaperPage') },
  { path: '/funding', load: pick(funding, 'FundingPage') },
  { path: '/sso/login', load: pick(auth, 'SsoLoginPage') },
  { path: '/login', load: pick(auth, 'LoginPage') },
  { path: '/register', load: pick(auth, 'RegisterPage') },
  { path: '/forgot-password', load: pick(auth, 'ForgotPasswordPage') },
  { path: '/reset-password', load: pick(auth, 'ResetPasswordPage') },
  { path: '/terms', load: pick(legal, 'TermsPage') },
  { path: '/suggestion', load: pick(suggestionList, 'SuggestionListPage') },
  { path: '/suggestion/create', load: pick(suggestionForms, 'SuggestionCreatePage'), access: 'member' },
  { path: '/suggestion/:id/edit', load: pick(suggestionForms, 'SuggestionEditPage'), access: 'member' },
  { path: '/suggestion/:id', load: pick(suggestionDetail, 'SuggestionDetailPage') },
  { path: '/suggestions/:id', load: pick(suggestionDetail, 'SuggestionDetailPage') },
  { path: '/suggestion/history/:id', load: pick(suggestionHistory, 'SuggestionHistoryPage') },
  { path: '/profile/info', load: pick(profileInfo, 'ProfileInfoPage'), access: 'member' },
  { path: '/profile/suggestion', load: pick(mySuggestions, 'MySuggestionsPage'), access: 'member' },
  { path: '/form/training1', load: pick(campaigns, 'TrainingFormPage') },
  { path: '/member/:userId', load: pick(member, 'MemberPage') },
  { path: '/admin/users', load: pick(adminPages, 'AdminUsersPage'), access: 'admin' },
  { path: '/admin/profile/:userId', load: pick(adminPages, 'AdminUserProfilePage'), access: 'admin' },
  { path: '/admin/forms', load: pick(adminPages, 'AdminFormsPage'), access: 'admin' },
  { path: '/admin/suggestion', load: pick(adminSuggestions, 'AdminSuggestionsPage'), access: 'admin' },
  { path: '/admin/permission', load: pick(adminPages, 'AdminPermissionsPage'), access: 'admin' },
  { path: '/proposals', load: pick(proposalList, 'ProposalListPage') },
  { path: '/cvote/:id', load: pick(proposalPages, 'ProposalDetailPage') },
  { path: '/proposals/:id', load: pick(proposalPages, 'ProposalDetailPage') },
  { path: '/proposals/:id/edit', load: pick(proposalPages, 'ProposalEditPage'), access: 'member' },
  { path: '/council', load: pick(council, 'CouncilPage') },
  { path: '/position/secretariat/:id', load: pick(councilPages, 'SecretariatPositionPage') },
  { path: '/council/list', load: pick(councilPages, 'CouncilListPage') },
  { path: '/council/detail/:id', load: pick(councilPages, 'CouncilMemberPage') },
  { path: '/candidates', load: pick(councilPages, 'CandidatesPage') },

  // Areas named by the spec without paths.
  { path: '/privacy', load: pick(legal, 'PrivacyPage') },
  { path: '/elips', load: pick(elipList, 'ElipListPage') },
  { path: '/elips/new', load: pick(elipPages, 'ElipCreatePage'), access: 'member' },
  { path: '/elips/:id', load: pick(elipPages, 'ElipDetailPage') },
  { path: '/elips/:id/edit', load: pick(elipPages, 'ElipEditPage'), access: 'member' },
  { path: '/whats-new', load: pick(releases, 'WhatsNewPage') },
  { path: '/getting-started', load: pick(gettingStarted, 'GettingStartedPage') },
  { path: '/video', load: pick(gettingStarted, 'ExplainerVideoPage') },
  { path: '/communities', load: pick(communities, 'CommunitiesPage') },
  { path: '/developer', load: pick(developer, 'DeveloperLearnPage') },
  { path: '/developer/projects', load: pick(developer, 'DeveloperProjectsPage') },
  { path: '/developer/tasks', load: pick(developer, 'DeveloperTasksPage') },
  { path: '/developer/teams', load: pick(developer, 'DeveloperTeamsPage') },
  { path: '/developer/members', load: pick(developer, 'MemberSearchPage') },
  { path: '/crcles', load: pick(developer, 'CrclesPage') },
  { path: '/crcles/:id', load: pick(developer, 'CrcleDetailPage') },
  { path: '/teams/new', load: pick(developer, 'TeamCreatePage'), access: 'member' },
  { path: '/teams/:id', load: pick(developer, 'TeamDetailPage') },
  { path: '/teams/:id/edit', load: pick(developer, 'TeamEditPage'), access: 'member' },
  { path: '/projects/new', load: pick(developer, 'ProjectCreatePage'), access: 'member' },
  { path: '/projects/:id', load: pick(developer, 'ProjectDetailPage') },
  { path: '/tasks/new', load: pick(developer, 'TaskCreatePage'), access: 'member' },
  { path: '/tasks/:id', load: pick(developer, 'TaskDetailPage') },
  { path: '/organizer/apply', load: pick(campaigns, 'OrganizerApplyPage'), access: 'member' },
  { path: '/ambassadors/apply', load: pick(campaigns, 'AmbassadorApplyPage'), access: 'member' },
  { path: '/anniversary', load: pick(campaigns, 'AnniversaryPage') },
  { path: '/profile/tasks', load: pick(profilePages, 'MyTasksPage'), access: 'member' },
  { path: '/profile/teams', load: pick(profilePages, 'MyTeamsPage'), access: 'member' },
  { path: '/profile/issues', load: pick(profilePages, 'MyIssuesPage'), access: 'member' },
  { path: '/profile/communities', load: pick(profilePages, 'MyCommunitiesPage'), access: 'member' },
  { path: '/profile/projects', load: pick(profilePages, 'MyProjectsPage'), access: 'member' },
  { path: '/profile/forms', load: pick(profilePages, 'MyFormsPage'), access: 'member' },
  { path: '/profile/public', load: pick(profilePages, 'PublicProfilePage'), access: 'member' },
  { path: '/profile/edit', load: pick(profileEdit, 'EditProfilePage'), access: 'member' },
  { path: '/profile/edit/full', load: pick(profileEdit, 'EditFullProfilePage'), access: 'member' },
  { path: '/admin/tasks', load: pick(adminPages, 'AdminTasksPage'), access: 'admin' },
  { path: '/admin/communities', load: pick(adminPages, 'AdminCommunitiesPage'), access: 'admin' },
  { path: '/admin/teams', load: pick(adminPages, 'AdminTeamsPage'), access: 'admin' },
  { path: '/admin/issues', load: pick(adminPages, 'AdminIssuesPage'), access: 'admin' },
  { path: '/admin/projects', load: pick(adminPages, 'AdminProjectsPage'), access: 'admin' },
];
