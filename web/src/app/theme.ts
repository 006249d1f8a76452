import type { ThemeConfig } from 'antd';

/**
 * The spec fixes the brand's primary colour as dark red; everything else follows antd's defaults, except the grey
 * texts: antd's secondary and tertiary greys (45 % black, 3.4:1 on white) fail WCAG AA's 4.5:1 for the help texts,
 * descriptions, table headers' sort hints and "(optional)" marks that use them. Set here once, every component
 * follows (65 % black is 7:1 on white; 60 % is 5.7:1 on white and 5.2:1 on the grey page background).
 */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8b1a1a',
    colorLink: '#8b1a1a',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Placeholders are text too (the address search's "Start typing the address"): 56 % black is 4.9:1 on white.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Status colours are also the text colour of status tags on their pale tints ("Done", "To do"): antd's defaults
    // give 2.5–3.7:1 there. Darker shades of the same hues, with the pale tints named (antd would derive greyish
    // tints from dark seeds), give at least 5:1 on the tints and on white.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fff7e6',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
  },
  components: {
    // An empty table's "No data" is drawn in the disabled grey (25 % black); it is information, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
