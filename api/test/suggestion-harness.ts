import type { SuggestionContentInput } from '@cr/contract/suggestion-content.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import type { TestApi } from './test-api';

/** Posts a suggestion through the API (a valid new motion unless overridden) and returns its detail. */
export async function postSuggestion(
  t: TestApi,
  token: string,
  overrides: Partial<SuggestionContentInput> = {},
): Promise<SuggestionDetail> {
  const res = await t.call<SuggestionDetail>('POST', '/suggestion', { token, body: newMotion(overrides) });
  if (res.status !== 200) throw new Error(`post suggestion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
}

/** The field errors of a refused request as `path: message` lines. */
export function fieldErrors(body: { error?: { fields?: unknown[] } }): string[] {
  return ((body.error?.fields ?? []) as { path: string; message: string }[]).map(
    (f) => `${f.path}: ${f.message}`,
  );
}
