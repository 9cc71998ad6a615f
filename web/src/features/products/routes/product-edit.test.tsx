import { Permissions } from '@genodesk/contract/permissions';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { productForRelease } from '@/test/products';
import { renderSignedIn } from '@/test/render';
import { ProductEditor } from './product-edit';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The editor as a physician who may edit and sign off sees it. */
const renderEditor = (product = productForRelease()) =>
  renderSignedIn(
    <MemoryRouter initialEntries={[`/customers/products/edit/${product.id}`]}>
      <ProductEditor product={product} />
    </MemoryRouter>,
    { qualification: 'physician', permissions: [Permissions.ProductsEdit, Permissions.ProductsSignOff] },
  );

beforeAll(async () => {
  await loadScreenTexts();
  await loadLocale('en');
});
beforeEach(async () => {
  await changeLocale('cs');
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ documents: [] })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('cs');
});

// QA: the consent of Eva Blažková (report #55, in review) withdrawn, the publish buttons were disabled but
// "Uložit a pozvat na konzultaci" was not — and its 422 named the step "vydání zprávy".
const withoutConsent = productForRelease({ release: { hasValidDnaConsent: false } });

describe("the editor's invitation follows the consent rule as publishing does", () => {
  it('disables the invitation without a valid consent, saying why as for publishing, of a woman as "Zákaznice"', () => {
    renderEditor(withoutConsent);
    const invite = screen.getByTestId('product-invite');
    expect(invite).toBeDisabled();
    expect(invite).toHaveAccessibleDescription(
      'Pozvat na konzultaci zatím nelze: Zákaznice nemá platný souhlas s analýzou DNA.',
    );
    // The publish buttons, for the same reason among others, in the same words.
    expect(screen.getByTestId('product-publish')).toBeDisabled();
    expect(screen.getByTestId('product-preliminary')).toBeDisabled();
    expect(screen.getByTestId('product-publish-blocked')).toHaveTextContent(
      /^Zveřejnit zatím nelze: Zákaznice nemá platný souhlas s analýzou DNA\./,
    );
    // Saving the texts stays possible.
    expect(screen.getByTestId('product-save')).toBeEnabled();
  });

  it('names a man "Zákazník", and speaks English to an English reader', async () => {
    renderEditor(productForRelease({ release: { hasValidDnaConsent: false }, customer: { gender: 1 } }));
    expect(screen.getByTestId('product-invite-blocked')).toHaveTextContent(
      'Pozvat na konzultaci zatím nelze: Zákazník nemá platný souhlas s analýzou DNA.',
    );
    await changeLocale('en');
    expect(await screen.findByTestId('product-invite')).toHaveAccessibleDescription(
      'Cannot invite for a consultation yet: The customer has no valid consent to DNA analysis.',
    );
  });

  it('offers the invitation with a valid consent, whatever else keeps the publication back', () => {
    // Not validated and with a phenotype not assessed: no publication yet, an invitation may go.
    renderEditor();
    const invite = screen.getByTestId('product-invite');
    expect(invite).toBeEnabled();
    expect(invite).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('product-invite-blocked')).toBeNull();
    expect(screen.getByTestId('product-publish')).toBeDisabled();
  });
});

describe("publishing waits for the date of birth, said in the customer's gender as the server does", () => {
  // Validated, nothing left open: only the date of birth, when missing, keeps the report back.
  const ready = (customer: { gender: number; dateOfBirth: string | null }) => ({
    ...productForRelease({
      technicalValidation: {
        at: '2026-11-20T09:00:00.000Z',
        by: { id: 99, userName: 'lab@genodesk.test' },
        callRate: 0.99,
        noCalls: 1,
        controlsPassed: true,
        note: '',
      },
      customer,
    }),
    notAssessed: [],
  });

  it('of a woman "Zákaznice … v její kartě"; the invitation does not need it', () => {
    renderEditor(ready({ gender: 2, dateOfBirth: null }));
    expect(screen.getByTestId('product-publish')).toBeDisabled();
    expect(screen.getByTestId('product-preliminary')).toBeDisabled();
    expect(screen.getByTestId('product-publish-blocked')).toHaveTextContent(
      'Zveřejnit zatím nelze: Zákaznice nemá vyplněné datum narození, druhý identifikátor zprávy (doplňte ho v její kartě).',
    );
    expect(screen.getByTestId('product-invite')).toBeEnabled();
  });

  it('of a man "Zákazník … v jeho kartě", and in English', async () => {
    renderEditor(ready({ gender: 1, dateOfBirth: null }));
    expect(screen.getByTestId('product-publish-blocked')).toHaveTextContent(
      'Zveřejnit zatím nelze: Zákazník nemá vyplněné datum narození, druhý identifikátor zprávy (doplňte ho v jeho kartě).',
    );
    await changeLocale('en');
    expect(await screen.findByTestId('product-publish-blocked')).toHaveTextContent(
      'The customer has no date of birth, the report’s second identifier (add it on the customer’s record).',
    );
  });

  it('with the date of birth the report may be published', () => {
    renderEditor(ready({ gender: 2, dateOfBirth: '1985-03-16' }));
    expect(screen.getByTestId('product-publish')).toBeEnabled();
    expect(screen.queryByTestId('product-publish-blocked')).toBeNull();
  });
});
