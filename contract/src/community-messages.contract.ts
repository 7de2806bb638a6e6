/**
 * The refusals of the community rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const communityMessages = {
  'community.not_found': 'The community was not found.',
  'community.login_join': 'You must be logged in to join a community.',
  'community.join_failed': 'Error while joining the community',
  'community.already_member': 'You are already a member of this community.',
  'community.not_member': 'You are not a member of this community.',
  'community.add_country_failed': 'Error while add country',
  'community.country_exists': 'This country already has its community.',
  'community.add_organizer_failed': 'Error while add organizer',
  'community.user_not_found': 'User not found',
  'community.not_organizer': 'Only an organizer of this community (or an admin) can do this.',
  'community.admin_only': 'Only an admin can do this.',
  'community.name_short': 'The community name must be at least 2 characters',
  'community.too_long': 'This field is too long.',
  'community.country_invalid': 'Please choose a country.',
  'community.sub_type_invalid': 'A sub-community is a state, city, region or school.',
  'community.has_children': 'Delete or move its sub-communities first.',
} as const;
export type CommunityMessageType = keyof typeof communityMessages;

export function communityMessageType(message: string): CommunityMessageType | null {
  const hit = Object.entries(communityMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as CommunityMessageType) : null;
}
