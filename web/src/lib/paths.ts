/**
 * Every page's path, in one place: `ROUTES` holds the patterns the router matches (app/routes.tsx maps each to
 * its page), `paths` builds the links to them. Pages link through `paths` only (an ESLint rule refuses a
 * hand-written '/…' string elsewhere in web/src), so renaming a route is one edit here and a link to a route
 * that does not exist does not compile.
 */
export const ROUTES = {
  home: '/',
  homeAlias: '/home',
  whitepaper: '/whitepaper',
  funding: '/funding',
  ssoLogin: '/sso/login',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unsubscribe: '/unsubscribe',
  terms: '/terms',
  privacy: '/privacy',
  suggestions: '/suggestion',
  suggestionCreate: '/suggestion/create',
  suggestionEdit: '/suggestion/:id/edit',
  suggestion: '/suggestion/:id',
  suggestionAlias: '/suggestions/:id',
  suggestionHistory: '/suggestion/history/:id',
  profileInfo: '/profile/info',
  mySuggestions: '/profile/suggestion',
  myTasks: '/profile/tasks',
  myTeams: '/profile/teams',
  messages: '/profile/messages',
  messagesWith: '/profile/messages/:userId',
  inbox: '/profile/inbox',
  myIssues: '/profile/issues',
  myCommunities: '/profile/communities',
  myProjects: '/profile/projects',
  myForms: '/profile/forms',
  publicProfile: '/profile/public',
  profileEdit: '/profile/edit',
  profileEditFull: '/profile/edit/full',
  trainingForm: '/form/training1',
  member: '/member/:userId',
  adminUsers: '/admin/users',
  adminUserProfile: '/admin/profile/:userId',
  adminForms: '/admin/forms',
  adminSuggestions: '/admin/suggestion',
  adminPermissions: '/admin/permission',
  adminTasks: '/admin/tasks',
  adminCommunities: '/admin/communities',
  adminTeams: '/admin/teams',
  adminIssues: '/admin/issues',
  adminProjects: '/admin/projects',
  adminAudit: '/admin/audit',
  adminSettings: '/admin/settings',
  adminStatus: '/admin/status',
  proposals: '/proposals',
  proposalLegacy: '/cvote/:id',
  proposal: '/proposals/:id',
  proposalEdit: '/proposals/:id/edit',
  council: '/council',
  councilList: '/council/list',
  councilMember: '/council/detail/:id',
  secretariatPosition: '/position/secretariat/:id',
  candidates: '/candidates',
  treasury: '/treasury',
  verify: '/verify',
  elips: '/elips',
  elipCreate: '/elips/new',
  elip: '/elips/:id',
  elipEdit: '/elips/:id/edit',
  whatsNew: '/whats-new',
  gettingStarted: '/getting-started',
  video: '/video',
  communities: '/communities',
  developer: '/developer',
  developerProjects: '/developer/projects',
  developerTasks: '/developer/tasks',
  developerTeams: '/developer/teams',
  developerMembers: '/developer/members',
  crcles: '/crcles',
  crcle: '/crcles/:id',
  teamCreate: '/teams/new',
  team: '/teams/:id',
  teamEdit: '/teams/:id/edit',
  projectCreate: '/projects/new',
  project: '/projects/:id',
  taskCreate: '/tasks/new',
  task: '/tasks/:id',
  organizerApply: '/organizer/apply',
  ambassadorsApply: '/ambassadors/apply',
  anniversary: '/anniversary',
  empower35: '/empower35/apply',
} as const;

export type RouteName = keyof typeof ROUTES;

/** A route parameter: a number, uuid, DID… — percent-encoded into its segment. */
type Ref = string | number;

/** The `:name` parameters of a pattern, as a type. */
type ParamsOf<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

/** Fills a pattern's parameters, each percent-encoded (a DID's colons, for one). */
function fill<P extends string>(pattern: P, params: Record<ParamsOf<P>, Ref>): string {
  const values = params as Record<string, Ref>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** Adds the query parameters that are set (undefined and false are left out) and a #hash. */
function withQuery(path: string, query: Record<string, Ref | boolean | undefined>, hash?: string): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== false) search.set(k, v === true ? '1' : String(v));
  const qs = search.toString();
  return `${path}${qs ? `?${qs}` : ''}${hash ? `#${hash}` : ''}`;
}

const to = (name: RouteName) => () => ROUTES[name];

export const paths = {
  home: to('home'),
  whitepaper: to('whitepaper'),
  funding: to('funding'),
  ssoLogin: to('ssoLogin'),
  login: to('login'),
  register: to('register'),
  forgotPassword: to('forgotPassword'),
  resetPassword: to('resetPassword'),
  unsubscribe: to('unsubscribe'),
  terms: to('terms'),
  privacy: to('privacy'),

  suggestions: to('suggestions'),
  /** The create form; `draft` reopens a saved draft. */
  suggestionCreate: (opts: { draft?: string } = {}) => withQuery(ROUTES.suggestionCreate, opts),
  suggestion: (id: Ref, opts: { new?: boolean; comments?: boolean } = {}) =>
    withQuery(fill(ROUTES.suggestion, { id }), { new: opts.new }, opts.comments ? 'comments' : undefined),
  suggestionEdit: (id: Ref) => fill(ROUTES.suggestionEdit, { id }),
  suggestionHistory: (id: Ref) => fill(ROUTES.suggestionHistory, { id }),

  /** My profile; `bindDid` opens the DID binding after a password login that started from a wallet. */
  profileInfo: (opts: { bindDid?: boolean } = {}) => withQuery(ROUTES.profileInfo, opts),
  mySuggestions: to('mySuggestions'),
  myTasks: to('myTasks'),
  myTeams: to('myTeams'),
  messages: to('messages'),
  /** What needs me now (votes, reviews, fixes, withdrawals) and comments or mentions on my suggestions. */
  inbox: to('inbox'),
  /** My conversation with a member. */
  messagesWith: (userId: Ref) => fill(ROUTES.messagesWith, { userId }),
  myIssues: to('myIssues'),
  myCommunities: to('myCommunities'),
  myProjects: to('myProjects'),
  myForms: to('myForms'),
  publicProfile: to('publicProfile'),
  profileEdit: to('profileEdit'),
  profileEditFull: to('profileEditFull'),
  trainingForm: to('trainingForm'),
  member: (userId: Ref) => fill(ROUTES.member, { userId }),

  adminUsers: to('adminUsers'),
  adminUserProfile: (userId: Ref) => fill(ROUTES.adminUserProfile, { userId }),
  adminForms: to('adminForms'),
  adminSuggestions: to('adminSuggestions'),
  adminPermissions: to('adminPermissions'),
  adminTasks: to('adminTasks'),
  adminCommunities: to('adminCommunities'),
  adminTeams: to('adminTeams'),
  adminIssues: to('adminIssues'),
  adminProjects: to('adminProjects'),
  adminAudit: to('adminAudit'),
  adminStatus: to('adminStatus'),
  adminSettings: to('adminSettings'),

  proposals: to('proposals'),
  /** A proposal by its number or id; `vote` scrolls to the member's vote panel. */
  proposal: (id: Ref, opts: { vote?: boolean } = {}) =>
    withQuery(fill(ROUTES.proposal, { id }), {}, opts.vote ? 'my-vote' : undefined),
  proposalEdit: (id: Ref) => fill(ROUTES.proposalEdit, { id }),

  /** The council page; `tab` opens one of its tabs (e.g. SECRETARIAT). */
  council: (opts: { tab?: string } = {}) => withQuery(ROUTES.council, opts),
  councilList: to('councilList'),
  /** A council member by site user id, or by DID when the member has no account. */
  councilMember: (id: Ref) => fill(ROUTES.councilMember, { id }),
  secretariatPosition: (id: Ref) => fill(ROUTES.secretariatPosition, { id }),
  candidates: to('candidates'),
  treasury: to('treasury'),
  verify: to('verify'),

  elips: to('elips'),
  elipCreate: to('elipCreate'),
  elip: (id: Ref) => fill(ROUTES.elip, { id }),
  elipEdit: (id: Ref) => fill(ROUTES.elipEdit, { id }),

  whatsNew: to('whatsNew'),
  gettingStarted: to('gettingStarted'),
  video: to('video'),
  communities: to('communities'),
  developer: to('developer'),
  developerProjects: to('developerProjects'),
  developerTasks: to('developerTasks'),
  developerTeams: to('developerTeams'),
  developerMembers: to('developerMembers'),
  crcles: to('crcles'),
  crcle: (id: Ref) => fill(ROUTES.crcle, { id }),
  teamCreate: to('teamCreate'),
  team: (id: Ref) => fill(ROUTES.team, { id }),
  teamEdit: (id: Ref) => fill(ROUTES.teamEdit, { id }),
  projectCreate: to('projectCreate'),
  project: (id: Ref) => fill(ROUTES.project, { id }),
  taskCreate: to('taskCreate'),
  task: (id: Ref) => fill(ROUTES.task, { id }),
  organizerApply: to('organizerApply'),
  ambassadorsApply: to('ambassadorsApply'),
  anniversary: to('anniversary'),
  empower35: to('empower35'),
};
