import type { ThemeConfig } from 'antd';

/** Deep ocean teal for trust and the Indian Ocean; warm amber for the beer and the calls to action. */
export const BRAND_COLOURS = {
  ocean: '#0b4f5c',
  oceanDeep: '#0a3440',
  amber: '#f0ae3a',
  cream: '#faf6ee',
  ink: '#1c2a30',
} as const;

const SYSTEM_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif";

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOURS.ocean,
    colorInfo: BRAND_COLOURS.ocean,
    colorLink: BRAND_COLOURS.ocean,
    colorSuccess: '#2e7d4f',
    colorWarning: '#b86e00',
    colorError: '#b42318',
    colorTextBase: BRAND_COLOURS.ink,
    colorBgLayout: BRAND_COLOURS.cream,
    fontFamily: SYSTEM_FONT_STACK,
    fontSize: 15,
    borderRadius: 10,
    controlHeight: 38,
  },
  components: {
    Layout: { headerBg: BRAND_COLOURS.oceanDeep, footerBg: BRAND_COLOURS.oceanDeep, bodyBg: BRAND_COLOURS.cream },
    Card: { headerFontSize: 17 },
    Progress: { defaultColor: BRAND_COLOURS.ocean },
    // A ticked order row: a light tint of the brand, so its text stays as readable as on any other row.
    Table: { rowSelectedBg: '#e3eff1', rowSelectedHoverBg: '#d6e8eb' },
  },
};

/** Amber buttons need dark text to keep their contrast above 4.5:1. */
export const accentTheme: ThemeConfig = {
  token: { colorPrimary: BRAND_COLOURS.amber, colorTextLightSolid: BRAND_COLOURS.ink },
  // One name for every amber button's variables: otherwise each button writes its own copy of all of them.
  cssVar: { key: 'accent' },
};
