import type { ThemeConfig } from 'antd';

/** Brand colours of the Cyber Republic (teal and mint on deep navy), as antd design tokens. */
export const BRAND = {
  // #007b74: white text on it and it on the page background both pass WCAG AA (5.1:1 and 4.8:1).
  primary: '#007b74',
  accent: '#1de9b6',
  navy: '#0f2631',
  navyLight: '#162f45',
  danger: '#be1313',
} as const;

// System fonts only: no web font is shipped, so none is named (a named, never-loaded font only costs a lookup).
const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"WenQuanYi Micro Hei"',
  '"Noto Sans CJK SC"',
  'sans-serif',
].join(', ');

/**
 * Tag text of the preset colours is shade 7 on shade 1: cyan, gold, green, orange and volcano are 2.8–4.4:1 there;
 * shade 8 is 5:1 and more (lime and yellow likewise, should they be used). antd keeps each shade under two names
 * (`green7`, `green-7`) that become the same CSS variable, so both are set.
 */
const PRESET_TEXT = Object.fromEntries(
  Object.entries({
    cyan: '#006d75',
    gold: '#995c00',
    green: '#237804',
    orange: '#ad4e00',
    volcano: '#ad2102',
    lime: '#3f6600',
    yellow: '#876800',
  }).flatMap(([name, shade]) => [
    [`${name}7`, shade],
    [`${name}-7`, shade],
  ]),
);

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorLink: BRAND.primary,
    colorError: BRAND.danger,
    // antd's defaults for these are under WCAG AA as text on white and on their own tints (tags, alerts):
    // green #52c41a is 2.3:1, orange #faad14 1.8:1, the 45 % grey of descriptions and step titles 3.4:1.
    colorSuccess: '#237804',
    // #ad6800 was 4.4:1 on white and 3.6:1 on its tint; this is 5.4:1 and 4.9:1.
    colorWarning: '#995c00',
    // antd derives the tints of dark seeds as greyish mid-tones (#a8bab6 behind teal text: 2.5:1 in every status
    // tag and selected option); these light tints keep their hue and give the coloured text 4.6:1 and more.
    colorPrimaryBg: '#e8f5f3',
    colorPrimaryBgHover: '#d6eeea',
    colorInfoBg: '#e8f5f3',
    colorInfoBgHover: '#d6eeea',
    colorSuccessBg: '#eef7e8',
    colorSuccessBgHover: '#ddefd1',
    colorWarningBg: '#fdf4e3',
    colorWarningBgHover: '#f9e6c2',
    ...PRESET_TEXT,
    colorTextDescription: '#5c6b73',
    colorTextTertiary: '#5c6b73',
    // antd's 25 % grey placeholder is 1.7:1 on white; a select's placeholder is text axe checks (4.6:1 here).
    colorTextPlaceholder: '#6a777e',
    colorTextBase: '#14232b',
    colorBgLayout: '#f4f7f8',
    borderRadius: 10,
    fontFamily: FONT_FAMILY,
    fontSize: 15,
    lineHeight: 1.6,
    controlHeight: 38,
  },
  components: {
    Layout: { headerBg: BRAND.navy, footerBg: BRAND.navy, bodyBg: '#f4f7f8', headerPadding: '0 24px' },
    Menu: {
      itemBg: 'transparent',
      horizontalItemSelectedColor: BRAND.primary,
      activeBarHeight: 3,
      itemSelectedBg: '#e8f5f3',
      itemSelectedColor: BRAND.primary,
    },
    Card: { borderRadiusLG: 14 },
    Typography: { titleMarginBottom: '0.4em' },
    // antd's default breadcrumb grey is 2.7:1 on the page background; these are 5.6:1 and more.
    Breadcrumb: {
      itemColor: '#56656d',
      linkColor: '#56656d',
      separatorColor: '#56656d',
      lastItemColor: '#14232b',
    },
    // An empty table's words ("No sessions") are text a reader needs: antd draws them in its disabled grey (25 %
    // black, 1.7:1 on white); the description grey is 5.6:1. A list's empty text: global.css.
    Table: { colorTextDisabled: '#5c6b73' },
  },
};
