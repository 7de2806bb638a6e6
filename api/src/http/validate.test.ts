import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_REQUIRED_MESSAGE } from '@cr/contract/field-messages.contract';
import { toFieldErrors } from './validate';

const schema = z.object({
  title: z.string().trim().min(1, 'Please give a title.'),
  kind: z.enum(['A', 'B']),
  items: z.array(z.object({ amount: z.coerce.number().min(1, 'Please input valid amount.') })),
  extra: z.object({ note: z.string() }),
});
const fields = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error, schema, input);
};

describe('the field errors of a refused input', () => {
  it('give a missing field the words it gets sent empty, at any depth', () => {
    const input = { items: [{ amount: 2 }, {}] };
    expect(fields(input)).toEqual([
      { path: 'title', message: 'Please give a title.' },
      { path: 'kind', message: FIELD_REQUIRED_MESSAGE },
      { path: 'items.1.amount', message: 'Please input valid amount.' },
      { path: 'extra', message: FIELD_REQUIRED_MESSAGE },
    ]);
    // The input itself is left as it was.
    expect(input).toEqual({ items: [{ amount: 2 }, {}] });
  });

  it('keep the words of a value that was sent and is wrong', () => {
    expect(fields({ title: 'ok', kind: 'C', items: [], extra: { note: 3 } })).toEqual([
      { path: 'kind', message: 'Invalid option: expected one of "A"|"B"' },
      { path: 'extra.note', message: 'Invalid input: expected string, received number' },
    ]);
  });
});
