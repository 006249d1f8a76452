import { fileURLToPath } from 'node:url';
import type { BundleOptions } from '@temporalio/worker';

const fromSources = import.meta.url.endsWith('.ts');

/**
 * Absolute path of the workflow entry the SDK bundles. Next to this module it is `workflows.ts` when running from
 * sources (jest) and `workflows.js` in dist/ after `tsc`; the SDK's webpack config maps `.js` imports to `.ts`
 * sources itself, so both trees bundle.
 */
export const workflowsPath = fileURLToPath(new URL(`../workflows${fromSources ? '.ts' : '.js'}`, import.meta.url));

/**
 * How the workflow bundle resolves @pm/workflow-contracts: webpack in development mode, as the SDK runs it, matches
 * the package's `development` export condition and bundles its TypeScript sources. That is what jest runs from; the
 * built worker bundles the package's dist/ (what Node itself resolves), the only tree its image ships.
 */
export const webpackConfigHook: NonNullable<BundleOptions['webpackConfigHook']> = (config) =>
  fromSources
    ? config
    : {
        ...config,
        resolve: {
          ...config.resolve,
          alias: { ...config.resolve?.alias, '@pm/workflow-contracts$': fileURLToPath(import.meta.resolve('@pm/workflow-contracts')) },
        },
      };
