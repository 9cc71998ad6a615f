import { staffColors } from '@genodesk/contract/common';
import { describe, expect, it } from 'vitest';
import { contrastRatio, over } from './contrast';
import { colors, theme } from './theme';

const white = '#ffffff';
const AA = 4.5;

describe('theme colours reach WCAG AA contrast', () => {
  const primaryShade = theme.primaryShade as number;
  const gray0 = colors.gray?.[0] as string;
  // A list's row under the pointer (Mantine's table hover colour), under a row's light status badge.
  const hoveredRow = colors.gray?.[1] as string;

  for (const [name, tuple] of Object.entries(colors)) {
    if (name === 'dark') continue;
    it(`${name}: text shades on white, on gray-0 and on the light tint (in a hovered row too); white on the filled shade`, () => {
      const filled = tuple[primaryShade] as string;
      const lightTint = over(filled, 0.1);
      for (const shade of [6, 7, 8, 9]) {
        const color = tuple[shade] as string;
        expect(contrastRatio(color, white), `${name}.${shade} on white`).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(color, gray0), `${name}.${shade} on gray-0`).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio(filled, lightTint), `${name} light variant`).toBeGreaterThanOrEqual(AA);
      expect(
        contrastRatio(filled, over(filled, 0.1, hoveredRow)),
        `${name} light variant in a hovered row`,
      ).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(white, filled), `white on ${name} filled`).toBeGreaterThanOrEqual(AA);
    });
  }

  it('keeps Mantine’s light shades (backgrounds and borders) as they were', () => {
    expect(colors.teal?.[0]).toBe('#e6fcf5');
    expect(colors.gray?.[5]).toBe('#adb5bd');
  });

  it('gives every staff colour white initials at 4.5:1', () => {
    for (const color of staffColors) expect(contrastRatio(white, color), color).toBeGreaterThanOrEqual(AA);
  });

  it('draws the focus ring of an invalid field (styles.css) at 3:1 against the page and apart from its red border', () => {
    const ring = colors[theme.primaryColor as string]?.[primaryShade] as string;
    const errorBorder = colors.red?.[6] as string;
    expect(contrastRatio(ring, white)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(ring, gray0)).toBeGreaterThanOrEqual(3);
    expect(ring).not.toBe(errorBorder);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrastRatio('#000000', white)).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', white)).toBeCloseTo(3.32, 2);
  });
});
