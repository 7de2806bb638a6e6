/**
 * The refusals of the submission rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const submissionMessages = {
  'submission.required': 'This field is required',
  'submission.too_long': 'This field is too long.',
  'submission.name_short': 'Please enter your full legal name (at least 3 characters)',
  'submission.occupation_short': 'Please enter your occupation (at least 2 characters)',
  'submission.education_short': 'Please enter your education (at least 2 characters)',
  'submission.description_long': 'The description can be at most 5000 characters.',
  'submission.email_invalid': 'Invalid email',
  'submission.category_required': 'Please choose a contribution category',
  'submission.community_required': 'Please choose a community',
  'submission.url_invalid': 'Please enter a valid link (https://…)',
  'submission.date_invalid': 'Please choose a date',
  'submission.attachment_invalid':
    'Please attach the file with the upload button (an image of at most 200 KB)',
  'submission.not_found': 'The submission was not found.',
  'submission.login_organizer': 'You must be logged in to apply for organizer',
  'submission.login_apply': 'You must be logged in to apply',
  'submission.training_postponed':
    'The Ambassadors training is postponed: new applications are not accepted for now.',
  'submission.empower_suspended': 'CRcles and Empower35 are suspended: new applications are not accepted.',
  'submission.already_organizer': 'You are already an organizer of this community.',
  'submission.already_decided': 'This submission has already been answered.',
} as const;
export type SubmissionMessageType = keyof typeof submissionMessages;

export function submissionMessageType(message: string): SubmissionMessageType | null {
  const hit = Object.entries(submissionMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as SubmissionMessageType) : null;
}
