import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;

// Tags are 12 px text: WCAG AA asks 4.5:1 (what Lighthouse's accessibility audit checks).
describe('theme colours', () => {
  it.each(['Primary', 'Info', 'Success', 'Warning', 'Error'])(
    'a %s status tag (its colour on its tint) and its colour on white reach 4.5:1',
    (status) => {
      expect(contrast(token[`color${status}`]!, token[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[`color${status}`]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['blue', 'cyan', 'geekblue', 'gold', 'green', 'magenta', 'orange', 'purple', 'red', 'volcano'])(
    'a %s preset tag (shade 7 on shade 1, under both names antd keeps) reaches 4.5:1',
    (color) => {
      expect(token[`${color}-7`]).toBe(token[`${color}7`]);
      expect(contrast(token[`${color}7`]!, token[`${color}1`]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('placeholders reach 4.5:1 on white (a select shows its placeholder as text)', () => {
    expect(contrast(token.colorTextPlaceholder!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
