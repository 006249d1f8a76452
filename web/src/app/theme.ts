import type { ThemeConfig } from 'antd';

/** The spec fixes the brand's primary colour as dark red; everything else follows antd's defaults. */
export const appTheme: ThemeConfig = {
  token: { colorPrimary: '#8b1a1a', colorLink: '#8b1a1a' },
};
