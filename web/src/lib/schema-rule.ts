import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { accountMessages } from '@cr/contract/account.contract';
import { messageText } from './api-messages';

/**
 * An antd form rule that checks a field with the request's own contract schema: the whole form is parsed (so
 * cross-field rules such as "passwords match" apply) and the issues at this field's path are shown, translated
 * by their catalog key. `toRequest` shapes the form values into the request body first.
 */
export function schemaRule(
  schema: z.ZodType,
  t: TFunction,
  toRequest: (values: Record<string, unknown>) => unknown = (v) => v,
): FormRule {
  return (form: Pick<FormInstance, 'getFieldsValue'>) => ({
    validator: async (rule) => {
      const field = (rule as { field?: string }).field ?? '';
      const parsed = schema.safeParse(toRequest(form.getFieldsValue(true) as Record<string, unknown>));
      if (parsed.success) return;
      const issue = parsed.error.issues.find((i) => i.path.join('.') === field);
      if (issue) throw new Error(messageText(t, issue.message));
    },
  });
}

/**
 * "Two passwords you entered do not match" while typing: the schema's own cross-field rule runs only once every
 * other field is valid, so the confirmation field checks the match itself, with the contract's message.
 */
export function passwordMatchRule(t: TFunction, field = 'password'): FormRule {
  return (form: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: async (_rule, value) => {
      if (value && value !== form.getFieldValue(field))
        throw new Error(messageText(t, accountMessages['account.password_mismatch']));
    },
  });
}
