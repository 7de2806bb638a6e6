import { createContext, useContext, type ReactNode } from 'react';
import { Form } from 'antd';
import type { FormValues, Path } from '../model/form-values';
import { pathKey } from '../model/form-values';

export interface SuggestionFormApi {
  values: FormValues;
  /** Sets one value; the path (or `touch`) becomes "touched", so its rule messages show from now on. */
  set(path: Path, value: unknown, touch?: Path): void;
  /** Replaces the values in one step (adding or removing rows); `touch` marks paths as touched. */
  update(change: (values: FormValues) => FormValues, touch?: Path[]): void;
  /** The translated messages to show at a path now (empty while the member has not reached it). */
  messagesAt(path: Path): string[];
  /** Whether any message shows at or below a path (a tab title turns red). */
  hasMessagesUnder(prefixes: string[]): boolean;
  readOnly?: boolean;
}

const Ctx = createContext<SuggestionFormApi | null>(null);

export function SuggestionFormProvider({ api, children }: { api: SuggestionFormApi; children: ReactNode }) {
  return <Ctx.Provider value={api}>{children}</Ctx.Provider>;
}

export function useSuggestionForm(): SuggestionFormApi {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useSuggestionForm outside the suggestion form');
  return ctx;
}

/** The DOM id of the control at a path (labels, error summaries and tests find fields by it). */
export const fieldId = (path: Path) => `sg-${pathKey(path).replace(/\./g, '-')}`;
export const helpId = (path: Path) => `${fieldId(path)}-help`;

interface FieldProps {
  path: Path;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Messages of these other paths show here too (a rule reported on a neighbour). */
  alsoPaths?: Path[];
}

/** A labelled form control with its rule messages below it, announced to screen readers. */
export function Field({ path, label, required, extra, children, className, alsoPaths = [] }: FieldProps) {
  const form = useSuggestionForm();
  const messages = [...form.messagesAt(path), ...alsoPaths.flatMap((p) => form.messagesAt(p))];
  const unique = [...new Set(messages)];
  return (
    <Form.Item
      className={className}
      label={label}
      htmlFor={fieldId(path)}
      required={required}
      extra={extra}
      validateStatus={unique.length ? 'error' : undefined}
      help={
        unique.length ? (
          <div id={helpId(path)} role="alert" data-testid={`error-${pathKey(path)}`}>
            {unique.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </div>
        ) : undefined
      }
    >
      {children}
    </Form.Item>
  );
}

/** Props for an input at a path: id, error state and the link to its messages. */
export function useFieldProps(path: Path) {
  const form = useSuggestionForm();
  const invalid = form.messagesAt(path).length > 0;
  return {
    id: fieldId(path),
    status: invalid ? ('error' as const) : undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? helpId(path) : undefined,
  };
}
