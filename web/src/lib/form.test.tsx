import { createConsultingRoomRequestSchema } from '@genodesk/contract/reservations';
import { createUserRequestSchema } from '@genodesk/contract/users';
import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf, useZodForm } from './form';
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
