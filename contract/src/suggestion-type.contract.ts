import { z } from 'zod';

/**
 * Suggestion types (spec §3; the original's `SUGGESTION_TYPE`): "1" new motion, "2" motion against, "3" other. Its own
 * module: a proposal's page needs it without the suggestion content's schemas.
 */
export const SUGGESTION_TYPES = [
  '1',
  '2',
  '3',
  'CHANGE_PROPOSAL',
  'CHANGE_SECRETARY',
  'TERMINATE_PROPOSAL',
  'RESERVE_CUSTOMIZED_ID',
  'RECEIVE_CUSTOMIZED_ID',
  'CHANGE_CUSTOMIZED_ID_FEE',
  'REGISTER_SIDE_CHAIN',
] as const;
export const suggestionTypeSchema = z.enum(SUGGESTION_TYPES);
export type SuggestionType = z.infer<typeof suggestionTypeSchema>;
