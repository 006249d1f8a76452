// Shared flat config. Workflow code gets an extra rule set (see workflowRules) because Temporal replays it
// deterministically: Node built-ins, timers and random sources are banned there.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export const base = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/*.d.ts', '**/.turbo/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      ecmaVersion: 2024,
      sourceType: 'module',
      // Nest's DI reads constructor parameter types at run time (emitDecoratorMetadata): telling the parser keeps
      // consistent-type-imports from turning those imports into type-only ones, which would break injection.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.spec.tsx', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

// Temporal workflow sandbox rule: workflow files may import only @temporalio/workflow, other workflow files and
// pure contract modules; every Node built-in is banned.
const nodeBuiltins = [
  'assert', 'async_hooks', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises',
  'http', 'http2', 'https', 'module', 'net', 'os', 'path', 'perf_hooks', 'process', 'readline', 'stream', 'timers',
  'tls', 'tty', 'url', 'util', 'v8', 'vm', 'worker_threads', 'zlib',
];
export const workflowRules = {
  files: ['src/**/*.workflow.ts', 'src/workflows.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: nodeBuiltins.flatMap((name) => [
          { name, message: 'Workflow code runs in the Temporal sandbox: no Node built-ins. Move it to an activity.' },
          { name: `node:${name}`, message: 'Workflow code runs in the Temporal sandbox: no Node built-ins. Move it to an activity.' },
        ]),
        patterns: [{ group: ['node:*'], message: 'Workflow code runs in the Temporal sandbox: no Node built-ins.' }],
      },
    ],
    'no-restricted-globals': [
      'error',
      { name: 'process', message: 'Workflow code must be deterministic: no process access.' },
      { name: 'setInterval', message: 'Use @temporalio/workflow sleep/condition for durable timers.' },
    ],
  },
};

export default base;
