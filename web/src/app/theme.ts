import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { deepenTo } from './contrast';

/**
 * Shades 6–9 carry text: the primary filled button (white on shade 7), light badges and alerts
 * (shade 7 on a 10 % tint of it), coloured text and icons. Mantine's own reach only 2–4:1 on white
 * for most colours, so they are deepened to 6:1 (so 4.5:1, WCAG AA, still holds on their light tint,
 * on gray-0, and in a list's row under the pointer); shades 0–5, the backgrounds and borders, are
 * Mantine's.
 */
export const textShadeContrast = 6;
const firstTextShade = 6;

function accessible(tuple: MantineColorsTuple): MantineColorsTuple {
  const shades = [...tuple];
  for (let shade = firstTextShade; shade < shades.length; shade += 1) {
    shades[shade] = deepenTo(shades[shade] as string, textShadeContrast);
  }
  return shades as unknown as MantineColorsTuple;
}

export const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, tuple]) => [name, accessible(tuple)]),
) as Record<string, MantineColorsTuple>;

/**
 * Placeholders of Mantine's picker inputs are real text (not `::placeholder`), so they are held to
 * 4.5:1 too; they take the dimmed colour (gray-6, deepened above), which Mantine already uses for
 * descriptions, the navbar's group titles and the user menu.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

export const theme = createTheme({
  colors,
  primaryColor: 'teal',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Modals, menus and toasts appear without their motion for whoever asked the system for less of it.
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { shadow: 'xs' } },
    Button: { defaultProps: { radius: 'md' } },
    // A number out of range is told by the form's (the contract's) message, never silently corrected on
    // leaving the field: 5000 barcodes asked for must not become 1000 generated.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // A badge shows its whole label (Mantine's shrinks to an ellipsis in a narrow cell: "NEZAPLA…").
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
  },
});
