/** WCAG 2.1 contrast arithmetic for `#rrggbb` colours (relative luminance, contrast ratio). */

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` at `alpha` over `background`, as the browser paints a translucent fill. */
export function over(color: string, alpha: number, background = '#ffffff'): string {
  const top = channels(color);
  const bottom = channels(background);
  return toHex(top.map((c, i) => c * alpha + (bottom[i] as number) * (1 - alpha)));
}

/** The colour moved towards black until it reaches `ratio` against white: same hue, deeper shade. */
export function deepenTo(hex: string, ratio: number): string {
  let rgb = channels(hex) as number[];
  while (contrastRatio(toHex(rgb), '#ffffff') < ratio) rgb = rgb.map((c) => c * 0.97);
  return toHex(rgb);
}
