/** The council module's public face: what other modules use of it (they import nothing else of it). */
export { memberIdOf, memberRef } from './council-member';
export {
  cutTermShort,
  findTerm,
  getGovernanceState,
  latestTerm,
  listTerms,
  memberById,
  memberOf,
  membersOfTerm,
  patchGovernanceState,
  saveTerm,
  seatMember,
  seatedNow,
  syncCouncilRoles,
  unseatMember,
} from './council.repo';
