import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// Runs the workspace's real flat config, so the test fails if eslint.config.js stops applying workflowRules.
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: workspaceRoot, overrideConfigFile: fileURLToPath(new URL('../../eslint.config.js', import.meta.url)) });

async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${workspaceRoot}/${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}:${message.severity}`);
}

const cleanWorkflow = `import { sleep } from '@temporalio/workflow';

export async function waitABit(): Promise<void> {
  await sleep('1 day');
}
`;

describe('workflow lint rules', () => {
  it.each([
    ['a node: built-in', `import { readFileSync } from 'node:fs';\n\nexport const read = (): string => readFileSync('x', 'utf8');\n`],
    ['a bare built-in', `import { randomUUID } from 'crypto';\n\nexport const id = (): string => randomUUID();\n`],
  ])('rejects %s in a *.workflow.ts file', async (_name, code) => {
    const ruleIds = await ruleIdsOf(code, 'src/invoice-approval/example.workflow.ts');
    // The shared rule lists each built-in by name and also bans the node:* pattern, so node:fs may be reported twice.
    expect(ruleIds.length).toBeGreaterThan(0);
    expect(new Set(ruleIds)).toEqual(new Set(['no-restricted-imports:2']));
  });

  it('rejects process access in the workflow entry file', async () => {
    expect(await ruleIdsOf(`export const env = (): string | undefined => process.env.HOME;\n`, 'src/workflows.ts')).toEqual([
      'no-restricted-globals:2',
    ]);
  });

  it('accepts a workflow file that only uses the workflow API', async () => {
    expect(await ruleIdsOf(cleanWorkflow, 'src/invoice-approval/example.workflow.ts')).toEqual([]);
  });

  it('leaves activity files free to use Node built-ins', async () => {
    const activity = `import { readFileSync } from 'node:fs';\n\nexport const read = (): string => readFileSync('x', 'utf8');\n`;
    expect(await ruleIdsOf(activity, 'src/invoice-approval/example.activities.ts')).toEqual([]);
  });
});
