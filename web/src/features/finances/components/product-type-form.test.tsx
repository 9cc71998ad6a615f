import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { ProductTypeForm } from './product-type-form';

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider env="test">
        <ProductTypeForm submitting={false} onSubmit={onSubmit} onCancel={() => {}} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return onSubmit;
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the product type form', () => {
  beforeAll(async () => {
    Element.prototype.scrollIntoView ??= () => {};
    await loadScreenTexts();
  });
  afterEach(async () => {
    await changeLocale('cs');
  });

  it('a press on Save that leaves the price shows the price’s error only after its click: the form is submitted, every error shown (cs, en)', async () => {
    for (const [locale, required, price] of [
      ['cs', 'Pole je povinné!', 'Cena musí být víc než 0!'],
      ['en', 'This field is required!', 'The price must be more than 0!'],
    ] as const) {
      await changeLocale(locale);
      const onSubmit = renderForm();
      const priceInput = screen.getByTestId('product-type-price');
      const save = screen.getByTestId('product-type-submit');
      fireEvent.focus(priceInput);
      fireEvent.change(priceInput, { target: { value: '0' } });
      // The press on Save takes the focus from the price first: its error, shown then, moved the
      // button from under the pointer before the release, and the click (the submit) never came.
      fireEvent.pointerDown(save);
      fireEvent.blur(priceInput);
      expect(screen.queryByText(price)).toBeNull();
      fireEvent.pointerUp(save);
      fireEvent.click(save);
      await tick();
      expect(screen.getByText(required)).toBeInTheDocument();
      expect(screen.getByText(price)).toBeInTheDocument();
      expect(screen.getByTestId('product-type-name')).toHaveAttribute('aria-invalid', 'true');
      expect(onSubmit).not.toHaveBeenCalled();
      document.body.innerHTML = '';
    }
  });

  it('leaving a field by the keyboard (or a press elsewhere) still shows its error at once', async () => {
    renderForm();
    const priceInput = screen.getByTestId('product-type-price');
    fireEvent.focus(priceInput);
    fireEvent.change(priceInput, { target: { value: '0' } });
    fireEvent.blur(priceInput);
    expect(screen.getByText('Cena musí být víc než 0!')).toBeInTheDocument();
    expect(screen.queryByText('Pole je povinné!')).toBeNull();
  });
});
