/**
 * The message of a field that was not sent at all and whose schema has no words of its own for it empty (an
 * enum, a number, an object): the spec's "This field is required." (api/src/http/validate.ts; the web shows
 * `translation:errors.fieldRequired`). Without zod, so any page can translate it.
 */
export const FIELD_REQUIRED_MESSAGE = 'This field is required.';
