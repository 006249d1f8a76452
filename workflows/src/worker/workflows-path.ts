import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the workflow entry the SDK bundles. Next to this module it is `workflows.ts` when running from
 * sources (jest) and `workflows.js` in dist/ after `tsc`; the SDK's webpack config maps `.js` imports to `.ts`
 * sources itself, so both trees bundle.
 */
export const workflowsPath = fileURLToPath(new URL(`../workflows${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));
