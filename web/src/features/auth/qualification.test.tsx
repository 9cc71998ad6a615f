import { Permissions } from '@genodesk/contract/permissions';
import { mayDo, type Qualification, qualifications, qualifiedActs } from '@genodesk/contract/users';
import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReleasePanel } from '@/features/products/components/release-panel';
import { changeLocale, initI18n, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { productForRelease } from '@/test/products';
import { renderSignedIn } from '@/test/render';
import { qualifiedActHint, useQualifiedAct } from './api/qualification';
import { QualificationHint } from './components/qualification-hint';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const i18n = initI18n();

const renderAs = (qualification: Qualification, ui: ReactNode, permissions: string[] = []) =>
  renderSignedIn(ui, { qualification, permissions });

beforeAll(async () => {
  await loadScreenTexts();
  await loadLocale('en');
});

afterEach(async () => {
  await changeLocale('cs');
});

describe('the acts a qualification allows (issue 35, as the server rules)', () => {
  it('a physician may do every one; a laboratory specialist only validate; a technician and none nothing', () => {
    const acts = Object.keys(qualifiedActs) as (keyof typeof qualifiedActs)[];
    const allowed = (q: Qualification) => acts.filter((act) => mayDo(act, q));
    expect(allowed('physician')).toEqual(acts);
    expect(allowed('laboratorySpecialist')).toEqual(['validate']);
    expect(allowed('technician')).toEqual([]);
    expect(allowed('none')).toEqual([]);
    // Not yet known: nothing is offered.
    expect(mayDo('signOff', undefined)).toBe(false);
    expect(mayDo('validate', null)).toBe(false);
  });

  it('says why not in either language, naming the reader’s own qualification; nothing when allowed', () => {
    const t = i18n.getFixedT('cs');
    const en = i18n.getFixedT('en');
    expect(qualifiedActHint('invite', 'none', 'cs', t)).toBe(
      'Pozvat zákazníka ke konzultaci výsledků smí jen lékař. Vaše kvalifikace: Bez odborné kvalifikace.',
    );
    expect(qualifiedActHint('invite', 'laboratorySpecialist', 'en', en)).toBe(
      'Only a physician may invite the customer to discuss their results. Your qualification: Laboratory specialist.',
    );
    expect(qualifiedActHint('invite', 'physician', 'cs', t)).toBeNull();
    for (const act of Object.keys(qualifiedActs) as (keyof typeof qualifiedActs)[])
      for (const q of qualifications.filter((q) => !mayDo(act, q))) {
        expect(qualifiedActHint(act, q, 'cs', t), `${act} ${q}`).toMatch(
          /^[^{}]+ Vaše kvalifikace: [^{}]+\.$/,
        );
        expect(qualifiedActHint(act, q, 'en', en), `${act} ${q}`).toMatch(
          /^[^{}]+ Your qualification: [^{}]+\.$/,
        );
      }
  });
});

function Notify() {
  const act = useQualifiedAct('notifyCustomers');
  return (
    <>
      <Button {...act.controlProps}>Poslat</Button>
      <QualificationHint state={act} testId="hint" />
    </>
  );
}

describe('useQualifiedAct with QualificationHint', () => {
  it('keeps the control focusable but inert, described by the visible hint, for a non-physician', async () => {
    renderAs('technician', <Notify />);
    const button = screen.getByRole('button', { name: 'Poslat' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Psát zákazníkům o jejich výsledcích smí jen lékař. Vaše kvalifikace: Laborant.',
    );
    expect(screen.getByTestId('hint')).toBeVisible();
  });

  it('leaves a physician’s control as it is, with no hint', () => {
    renderAs('physician', <Notify />);
    const button = screen.getByRole('button', { name: 'Poslat' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('hint')).toBeNull();
  });

  it('speaks English to an English reader', async () => {
    await changeLocale('en');
    renderAs('none', <Notify />);
    expect(screen.getByTestId('hint')).toHaveTextContent(
      'Only a physician may write to customers about their results. Your qualification: No professional qualification.',
    );
  });
});

const product = productForRelease();

const releasePermissions = [
  Permissions.ProductsValidate,
  Permissions.ProductsSignOff,
  Permissions.ProductsEdit,
];

describe('the release panel offers validation and withholding by qualification', () => {
  it('to an administrator with no qualification: both inert, each with its reason; no dialog opens', () => {
    renderAs('none', <ReleasePanel product={product} />, releasePermissions);
    const validate = screen.getByTestId('product-validate');
    expect(validate).toHaveAttribute('aria-disabled', 'true');
    expect(validate).toHaveAccessibleDescription(
      'Technicky validovat smí jen laboratorní specialista nebo lékař. Vaše kvalifikace: Bez odborné kvalifikace.',
    );
    const hint =
      'Fenotyp smí ze zprávy vyřadit nebo do ní vrátit jen lékař. Vaše kvalifikace: Bez odborné kvalifikace.';
    for (const id of ['product-withhold-5', 'product-unwithhold-6']) {
      expect(screen.getByTestId(id)).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByTestId(id)).toHaveAccessibleDescription(hint);
    }
    expect(screen.getByTestId('product-withhold-qualification')).toHaveTextContent(hint);
    fireEvent.click(screen.getByTestId('product-withhold-5'));
    fireEvent.click(validate);
    expect(screen.queryByTestId('product-withhold-reason')).toBeNull();
    expect(screen.queryByTestId('product-validate-controls')).toBeNull();
  });

  it('to a laboratory specialist: validation offered, withholding not', () => {
    renderAs('laboratorySpecialist', <ReleasePanel product={product} />, releasePermissions);
    expect(screen.getByTestId('product-validate')).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByTestId('product-validate-qualification')).toBeNull();
    expect(screen.getByTestId('product-withhold-5')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByTestId('product-validate'));
    expect(screen.getByTestId('product-validate-controls')).toBeInTheDocument();
  });

  it('to a physician: both offered, no reason shown', () => {
    renderAs('physician', <ReleasePanel product={product} />, releasePermissions);
    expect(screen.getByTestId('product-validate')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('product-withhold-5')).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByTestId('product-withhold-qualification')).toBeNull();
    fireEvent.click(screen.getByTestId('product-withhold-5'));
    expect(screen.getByTestId('product-withhold-reason')).toBeInTheDocument();
  });
});
