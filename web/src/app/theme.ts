import type { ThemeConfig } from 'antd';

/** Brand colours of the Cyber Republic (teal and mint on deep navy), as antd design tokens. */
export const BRAND = {
  primary: '#008d85',
  accent: '#1de9b6',
  navy: '#0f2631',
  navyLight: '#162f45',
  danger: '#be1313',
} as const;

const FONT_FAMILY = [
  'Inter',
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

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorLink: BRAND.primary,
    colorError: BRAND.danger,
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
      itemSelectedBg: '#e3f3f1',
      itemSelectedColor: BRAND.primary,
    },
    Card: { borderRadiusLG: 14 },
    Typography: { titleMarginBottom: '0.4em' },
  },
};
