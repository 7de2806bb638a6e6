/**
 * The refusals of the task rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const taskMessages = {
  'task.name_short': 'The name must be at least 4 characters',
  'task.required': 'This field is required.',
  'task.too_long': 'This field is too long.',
  'task.too_many': 'Too many entries.',
  'task.amount_invalid': 'Please input valid amount.',
  'task.link_invalid': 'Please input a valid link (https://…).',
  'task.info_link_required': 'Please give a link where people can learn more about it (https://…).',
  'task.location_required': 'Please say where it takes place (a city, or "Online").',
  'task.deadline_required': 'Please set a deadline.',
  'task.event_dates_required': 'A confirmed event needs its start and end.',
  'task.event_end_before_start': 'The event must end after it starts.',
  'task.breakdown_required': 'Please break the budget down (what the expenses are).',
  'task.bidding_reward': 'A bidding task has no fixed reward: candidates bid for it.',
  'task.rules_unconfirmed': 'You must confirm you have read the payment rules and disclaimer',
  'task.picture_invalid': 'Please upload the picture with the upload button (an image of at most 200 KB)',
  'task.not_found': 'The task was not found.',
  'task.not_owner': 'Only the owner of this task can do this.',
  'task.complete_not_owner': 'Only the owner of this task can mark its work complete.',
  'task.cancel_not_allowed': 'Only the owner of this task or an admin can cancel it.',
  'task.approve_not_admin': 'Only an admin can approve a task.',
  'task.expire_not_admin': 'Only an admin can expire a task.',
  'task.success_not_admin':
    'Only an admin can mark a task done (a success), once a council member has signed it off.',
  'task.distribute_not_admin': 'Only an admin can record that the reward of a task was paid.',
  'task.wrong_status': 'This cannot be done in the current status of the task.',
  'task.not_editable': 'The task can only be edited before anyone is assigned.',
  'task.not_open': 'This task is not open for applications.',
  'task.deadline_passed': 'The application deadline has passed.',
  'task.own_task': 'You cannot apply to your own task.',
  'task.already_applied': 'You have already applied.',
  'task.bid_required': 'A bid is required when bidding',
  'task.bid_not_bidding': 'This task takes no bids.',
  'task.team_not_owned': 'You can apply for a team only if you own it.',
  'task.limit_reached': 'The candidate limit of this task has been reached.',
  'task.candidate_not_found': 'There is no such candidate.',
  'task.candidate_not_pending': 'This application is not pending.',
  'task.cannot_withdraw': 'An approved candidate cannot withdraw; ask the owner.',
  'task.not_council': 'Only a council member can sign off a task.',
  'task.not_signed_off': 'A council member must sign the task off first.',
  'task.already_signed_off': 'This task is already signed off.',
  'task.comment_required': 'Please input comment',
  'task.comments_closed': 'Comments are disabled for closed bidding projects/tasks',
  'task.circle_not_found': 'The CRcle was not found.',
} as const;
export type TaskMessageType = keyof typeof taskMessages;

/** The stable key of a task message (for translating `fields[].message` of a validation error). */
export function taskMessageType(message: string): TaskMessageType | null {
  const hit = Object.entries(taskMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as TaskMessageType) : null;
}
