export { default } from '@pm/config/eslint';
