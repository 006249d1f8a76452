// The shared config targets Node; the web app runs in the browser, so browser globals replace Node's for src/,
// and React's hook rules guard the components. vite.config.ts and the jest environment stay Node files.
import base from '@pm/config/eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default [
  ...base,
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'test/**/*.setup.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.tsx', 'src/**/use*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
];
