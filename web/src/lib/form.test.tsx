import { createConsultingRoomRequestSchema } from '@genodesk/contract/reservations';
import { createUserRequestSchema } from '@genodesk/contract/users';
import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { maxLengthOf, scrollToFirstError, useZodForm } from './form';
import { changeLocale, initI18n, loadScreenTexts } from './i18n';

describe('maxLengthOf', () => {
  it('reads a text field’s limit through optional, default, pipes and refinements', () => {
    const schema = z
      .object({
        Name: z.string().trim().min(1).max(100),
        Note: z.string().max(2000).nullish(),
        Email: z.string().trim().max(254).pipe(z.email()),
        Nested: z.object({ Code: z.string().max(40).default('') }),
        Count: z.number().max(5),
        Free: z.string(),
      })
      .superRefine(() => {});
    expect(maxLengthOf(schema, 'Name')).toBe(100);
    expect(maxLengthOf(schema, 'Note')).toBe(2000);
    expect(maxLengthOf(schema, 'Email')).toBe(254);
    expect(maxLengthOf(schema, 'Nested.Code')).toBe(40);
    expect(maxLengthOf(schema, 'Count')).toBeUndefined();
    expect(maxLengthOf(schema, 'Free')).toBeUndefined();
    expect(maxLengthOf(schema, 'Missing')).toBeUndefined();
  });

  it('knows the contract’s limits of the screens QA tried (a user’s name, a room’s name)', () => {
    expect(maxLengthOf(createUserRequestSchema, 'UserName')).toBe(100);
    expect(maxLengthOf(createConsultingRoomRequestSchema, 'Name')).toBe(100);
  });
});

function NameForm() {
  const { form, field } = useZodForm<{ Name: string }>(
    z.object({ Name: z.string().max(5, 'invalidValue') }),
    {
      initialValues: { Name: 'abcdefgh' },
    },
  );
  return (
    <form onSubmit={form.onSubmit(() => {})} noValidate data-testid="name-form">
      <TextInput label="Name" data-testid="name" {...field('Name')} />
    </form>
  );
}

describe('useZodForm field()', () => {
  beforeAll(async () => {
    initI18n();
    await loadScreenTexts();
  });
  afterEach(() => changeLocale('cs'));

  it('gives a text input its schema’s maxLength and says a text over it is too long, naming the limit', async () => {
    for (const [locale, message] of [
      ['cs', 'Text je příliš dlouhý (nejvýše 5 znaků)!'],
      ['en', 'The text is too long (at most 5 characters)!'],
    ] as const) {
      await changeLocale(locale);
      const { unmount } = render(
        <I18nextProvider i18n={initI18n()}>
          <MantineProvider>
            <NameForm />
          </MantineProvider>
        </I18nextProvider>,
      );
      expect(screen.getByTestId('name')).toHaveAttribute('maxlength', '5');
      fireEvent.submit(screen.getByTestId('name-form'));
      expect(await screen.findByText(message)).toBeInTheDocument();
      unmount();
    }
  });
});

function PhoneForm() {
  const { form, field } = useZodForm<{ Phone: string }>(z.object({ Phone: z.string().min(9, 'required') }), {
    initialValues: { Phone: '12ab' },
  });
  return (
    <form onSubmit={form.onSubmit(() => {}, scrollToFirstError)} noValidate data-testid="phone-form">
      <TextInput label="Phone" data-testid="phone" {...field('Phone')} />
    </form>
  );
}

describe('scrollToFirstError', () => {
  const scrolls = vi.fn();
  const glideStopped = vi.fn();
  const frames: FrameRequestCallback[] = [];
  const prefersLessMotion = (reduce: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  const submitWithError = () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <MantineProvider>
          <PhoneForm />
        </MantineProvider>
      </I18nextProvider>,
    );
    fireEvent.submit(screen.getByTestId('phone-form'));
    // The next frame, the error drawn.
    for (const run of frames.splice(0)) run(0);
  };

  beforeAll(async () => {
    initI18n();
    await loadScreenTexts();
  });
  beforeEach(() => {
    scrolls.mockReset();
    glideStopped.mockReset();
    // What jsdom lacks: scrolling, and frames (the scroll waits for the error to be drawn).
    Element.prototype.scrollIntoView = scrolls;
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    Object.defineProperty(document, 'scrollingElement', {
      value: document.documentElement,
      configurable: true,
    });
    document.documentElement.scrollTo = glideStopped;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('jumps to the first invalid field for whoever asked for less motion, and focuses it', () => {
    prefersLessMotion(true);
    submitWithError();
    expect(scrolls).toHaveBeenCalledWith({ block: 'center' });
    expect(screen.getByTestId('phone')).toHaveFocus();
  });

  it('glides to it otherwise, and a press anywhere ends the glide where the page is', () => {
    prefersLessMotion(false);
    submitWithError();
    expect(scrolls).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(glideStopped).not.toHaveBeenCalled();
    // Pressing another field (a Select) while the page still glides: the page stays under the pointer.
    fireEvent.pointerDown(document.body);
    expect(glideStopped).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
