import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { renderSignedIn } from '@/test/render';
import { UnknownGenes } from './unknown-genes';

beforeAll(async () => {
  await loadScreenTexts();
  await loadLocale('en');
});
afterEach(() => changeLocale('cs'));

// QA: a chip's file of 384 samples × 1,000 codes nobody knows named all 1,000 in one block, and its
// rows as "384000 řádků".
const codes = Array.from({ length: 1000 }, (_, i) => `CHIP${String(i).padStart(4, '0')}`);

describe('the warning about gene codes nobody knows', () => {
  it('names the first twenty, says how many more, and shows them all on request; the rows grouped', () => {
    renderSignedIn(<UnknownGenes codes={codes} rows={384_000} />);
    const warning = screen.getByTestId('result-unknown-genes');
    expect(warning).toHaveTextContent(
      'Katalog ani mapa markerů tyto kódy neznají (384 000 řádků): CHIP0000, CHIP0001,',
    );
    expect(warning).toHaveTextContent('CHIP0019 a 980 dalších. Genotypy jsou uložené');
    expect(warning).not.toHaveTextContent('CHIP0020');
    const toggle = screen.getByTestId('result-unknown-genes-toggle');
    expect(toggle).toHaveTextContent('Zobrazit všechny kódy (1 000)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(warning).toHaveTextContent('CHIP0998, CHIP0999. Genotypy');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Zobrazit méně kódů');
  });

  it('in English too: the one more said as such, the rows grouped', async () => {
    await changeLocale('en');
    renderSignedIn(<UnknownGenes codes={codes.slice(0, 21)} rows={1_500} />);
    expect(screen.getByTestId('result-unknown-genes')).toHaveTextContent(
      'knows these codes (1,500 rows): CHIP0000, CHIP0001, CHIP0002, CHIP0003, CHIP0004, CHIP0005, CHIP0006, CHIP0007, CHIP0008, CHIP0009, CHIP0010, CHIP0011, CHIP0012, CHIP0013, CHIP0014, CHIP0015, CHIP0016, CHIP0017, CHIP0018, CHIP0019 and 1 more.',
    );
    expect(screen.getByTestId('result-unknown-genes-toggle')).toHaveTextContent('Show all codes (21)');
  });

  it('names twenty codes or fewer whole, with no toggle', () => {
    renderSignedIn(<UnknownGenes codes={codes.slice(0, 20)} rows={40} />);
    expect(screen.getByTestId('result-unknown-genes')).toHaveTextContent('CHIP0018, CHIP0019. Genotypy');
    expect(screen.queryByTestId('result-unknown-genes-toggle')).toBeNull();
  });
});
