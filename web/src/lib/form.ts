import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { $ZodType } from 'zod/v4/core';
import { isApiError } from './api-client';
import { useLocale } from './use-locale';

type Values = Record<string, unknown>;

export interface ZodForm<V extends Values> {
  form: UseFormReturnType<V>;
  /** Input props with the error translated (validation errors are contract message keys). */
  field: (
    path: keyof V & string,
    options?: { type?: 'input' | 'checkbox' },
  ) => ReturnType<UseFormReturnType<V>['getInputProps']>;
  /** Puts the server's `error.fields` on the matching form fields; true when any was placed. */
  applyServerErrors: (error: unknown) => boolean;
}

/** The one form style: Mantine form validated by a contract zod schema. */
export function useZodForm<V extends Values>(
  schema: $ZodType,
  options: UseFormInput<V>,
  /** maps form values to what the schema checks (e.g. an empty select to undefined) */
  prepare?: (values: V) => unknown,
): ZodForm<V> {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  const { tm } = useLocale();
  const form = useForm<V>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    validate: (values) => resolve((prepare ? prepare(values) : values) as Record<string, unknown>),
  });

  const field: ZodForm<V>['field'] = (path, fieldOptions) => {
    const props = form.getInputProps(path, fieldOptions);
    return { ...props, error: typeof props.error === 'string' ? tm(props.error) : props.error };
  };

  const applyServerErrors = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const names = Object.keys(form.getValues());
    let placed = false;
    for (const [name, message] of Object.entries(error.fields)) {
      const target = names.find((n) => n.toLowerCase() === name.toLowerCase());
      if (target) {
        form.setFieldError(target, message);
        placed = true;
      }
    }
    return placed;
  };

  return { form, field, applyServerErrors };
}

/**
 * Takes the user to the first invalid field after a failed submit: into view (the error may be above
 * the fold) and focused, so a keyboard or screen-reader user lands on what to fix.
 */
export function scrollToFirstError(): void {
  requestAnimationFrame(() => {
    const marked = document.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"], .mantine-InputWrapper-error',
    );
    if (!marked) return;
    const wrapper = marked.closest('.mantine-InputWrapper-root');
    const field = marked.matches('input, textarea, select, button, [tabindex]')
      ? marked
      : wrapper?.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]');
    marked.scrollIntoView({ behavior: 'smooth', block: 'center' });
    field?.focus({ preventScroll: true });
  });
}
