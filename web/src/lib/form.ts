import { translateMessage } from '@genodesk/contract/messages';
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

/** The parts of a zod schema's definition `maxLengthOf` reads. */
type SchemaNode = {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      innerType?: SchemaNode;
      in?: SchemaNode;
      checks?: { _zod: { def: { check: string; maximum?: number } } }[];
    };
  };
};

const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
  'pipe',
]);

/** The schema under its wrappers (optional, nullable, default, a pipe's input…). */
function unwrap(node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let depth = 0; current && wrappers.has(current._zod.def.type) && depth < 10; depth++)
    current = current._zod.def.innerType ?? current._zod.def.in;
  return current;
}

/**
 * The most characters a text field at `path` (dot-separated) of `schema` takes (its `.max`), or
 * undefined for a field that is no limited text: every form's inputs get their `maxLength` from the
 * contract, the one place the limit is written.
 */
export function maxLengthOf(schema: $ZodType, path: string): number | undefined {
  let node = unwrap(schema as unknown as SchemaNode);
  for (const key of path.split('.')) node = unwrap(node?._zod.def.shape?.[key]);
  if (node?._zod.def.type !== 'string') return undefined;
  const maxima = (node._zod.def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((def) => def.check === 'max_length' && typeof def.maximum === 'number')
    .map((def) => def.maximum as number);
  return maxima.length ? Math.min(...maxima) : undefined;
}

/** Whether a mouse button, a pen or a finger is down (since its `pointerdown`, until its `pointerup`). */
let pointerDown = false;
/** Work waiting for the press to end, run once its click has been dispatched. */
let afterPress: (() => void)[] = [];
let tracking = false;
function trackPresses() {
  if (typeof document === 'undefined' || tracking) return;
  tracking = true;
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  const released = () => {
    pointerDown = false;
    const waiting = afterPress;
    afterPress = [];
    // After the click the release makes (dispatched in the same task as `pointerup`).
    if (waiting.length > 0)
      setTimeout(() => {
        for (const run of waiting) run();
      }, 0);
  };
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
}
/**
 * A field's check on leaving it, held until the press that left it is over: a press on "Save" takes the
 * focus from the field first, and its error appearing then moved the button from under the pointer
 * before the release, so the click never came (the form was not submitted, and the other fields showed
 * no error). After the click, the submit has checked every field.
 */
export function blurAfterPress(onBlur: () => void): () => void {
  return () => {
    if (pointerDown) afterPress.push(onBlur);
    else onBlur();
  };
}

/** The one form style: Mantine form validated by a contract zod schema. */
export function useZodForm<V extends Values>(
  schema: $ZodType,
  options: UseFormInput<V>,
  /** maps form values to what the schema checks (e.g. an empty select to undefined) */
  prepare?: (values: V) => unknown,
): ZodForm<V> {
  trackPresses();
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  const { locale, tm } = useLocale();
  const form = useForm<V>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    validate: (values) => resolve((prepare ? prepare(values) : values) as Record<string, unknown>),
  });

  const field: ZodForm<V>['field'] = (path, fieldOptions) => {
    const props = form.getInputProps(path, fieldOptions);
    // A text input holds no more than its schema takes: the limit is met while typing, not refused after.
    const maxLength = fieldOptions?.type === 'checkbox' ? undefined : maxLengthOf(schema, path);
    const tooLong =
      maxLength !== undefined && typeof props.value === 'string' && props.value.trim().length > maxLength;
    const error =
      typeof props.error !== 'string'
        ? props.error
        : tooLong && props.error === 'invalidValue'
          ? translateMessage('tooLong', locale, { max: maxLength })
          : tm(props.error);
    const onBlur = typeof props.onBlur === 'function' ? blurAfterPress(props.onBlur) : props.onBlur;
    return { ...props, ...(maxLength !== undefined ? { maxLength } : {}), error, onBlur };
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
    glideIntoView(marked);
    field?.focus({ preventScroll: true });
  });
}

/** The areas that scroll `element` into view: its scrolling ancestors and the page. */
function scrollAreasOf(element: HTMLElement): Element[] {
  const areas: Element[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement)
    if (parent.scrollHeight > parent.clientHeight && /auto|scroll/.test(getComputedStyle(parent).overflowY))
      areas.push(parent);
  if (document.scrollingElement) areas.push(document.scrollingElement);
  return areas;
}

/**
 * Scrolls `element` to the middle of the screen: at once for whoever asked the system for less motion,
 * else smoothly, until the user presses anywhere. A glide that went on moved the page under the next
 * press: on a loaded machine the customer form's product type, opened while the page still glided to
 * the phone's error, was carried out of sight (Mantine hides the list of a field scrolled away) and
 * its options never showed again.
 */
function glideIntoView(element: HTMLElement): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    element.scrollIntoView({ block: 'center' });
    return;
  }
  const areas = scrollAreasOf(element);
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  // An instant scroll to where an area is ends its glide there.
  const stop = () => {
    for (const area of areas)
      area.scrollTo({ top: area.scrollTop, left: area.scrollLeft, behavior: 'instant' });
  };
  document.addEventListener('pointerdown', stop, { capture: true, once: true });
  document.addEventListener(
    'scrollend',
    () => document.removeEventListener('pointerdown', stop, { capture: true }),
    { capture: true, once: true },
  );
}
