/**
 * The refusals of the team rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const teamMessages = {
  'team.name_short': 'The team name must be at least 3 characters',
  'team.description_short': 'The description must be at least 20 characters',
  'team.too_long': 'This field is too long.',
  'team.too_many': 'Too many entries.',
  'team.picture_invalid': 'Please upload the picture with the upload button (an image of at most 200 KB)',
  'team.not_found': 'The team was not found.',
  'team.not_owner': 'Only the owner of this team can do this.',
  'team.crcle_admin_only': 'Only an admin can create or edit a CRcle.',
  'team.already_member': 'You are already a member of this team or have applied.',
  'team.not_member': 'This person is not a member of this team.',
  'team.not_pending': 'There is no pending application from this person.',
  'team.owner_cannot_leave': 'The owner cannot leave; transfer the ownership first.',
  'team.crcle_limit': 'You can only join 2 CRcles',
  'team.crcles_suspended': 'CRcles and Empower35 are suspended: new CRcle applications are not accepted.',
  'team.post_members_only': 'Only members of this CRcle can post in it.',
  'team.posts_crcle_only': 'Posts are only for CRcles.',
  'team.post_required': 'Please write something.',
  'team.reason_required': 'Please give the reason (at least 5 characters).',
  'team.has_candidacies': 'This team has applied to tasks; those applications must end before it is removed.',
} as const;
export type TeamMessageType = keyof typeof teamMessages;

/** The stable key of a team message (for translating `fields[].message` of a validation error). */
export function teamMessageType(message: string): TeamMessageType | null {
  const hit = Object.entries(teamMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as TeamMessageType) : null;
}
