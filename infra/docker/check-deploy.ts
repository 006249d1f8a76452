// Checks what deploys the platform without a Docker engine or a cluster: the kustomize renders, docker-compose.yml
// and the Dockerfile, each on its own and against each other (same apps, same ports everywhere).
// Called by infra/bin/check-k8s, which renders the kustomizations first:
//   node infra/docker/check-deploy.ts --render base=<file> --render overlays/dev=<file> ... --root <repo root>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkComposeFile } from './checks/compose-file.check.ts';
import { parseDockerfile } from './checks/dockerfile-stages.ts';
import { checkKubernetesRender } from './checks/kubernetes-render.check.ts';

const { values } = parseArgs({
  options: {
    render: { type: 'string', multiple: true, default: [] },
    root: { type: 'string', default: process.cwd() },
  },
});
const root = values.root;
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const failures: string[] = [];
const fail = (scope: string, problems: readonly string[]): void => {
  failures.push(...problems.map((problem) => `${scope}: ${problem}`));
};
const samePorts = (left: Map<string, number>, right: Map<string, number>): boolean =>
  left.size === right.size && [...left].every(([app, port]) => right.get(app) === port);
const describePorts = (ports: Map<string, number>): string =>
  [...ports].sort(([a], [b]) => a.localeCompare(b)).map(([app, port]) => `${app}:${port}`).join(' ');

const dockerfilePath = 'infra/docker/Dockerfile';
const dockerfile = parseDockerfile(read(dockerfilePath));
const versions = JSON.parse(read('infra/versions.json')) as { node?: string };
if (dockerfile.globalArgs['NODE_VERSION'] !== versions.node) {
  fail('Dockerfile', [`NODE_VERSION ${dockerfile.globalArgs['NODE_VERSION']} differs from "node" ${versions.node} in infra/versions.json`]);
}
const dockerfilePorts = new Map<string, number>();
for (const stage of dockerfile.stages.values()) {
  // An app target is a stage that sets its own HTTP_PORT; the stages it builds on do not.
  const port = stage.env['HTTP_PORT'];
  if (port === undefined) continue;
  dockerfilePorts.set(stage.name, Number(port));
  const problems: string[] = [];
  if (!stage.hasHealthcheck) problems.push('no HEALTHCHECK');
  if (stage.user === undefined || /^(root|0)(:|$)/.test(stage.user)) problems.push('runs as root');
  if (!stage.exposed.includes(port)) problems.push(`does not EXPOSE its HTTP_PORT ${port}`);
  if (stage.env['NODE_ENV'] !== 'production') problems.push('NODE_ENV is not production');
  fail(`Dockerfile target ${stage.name}`, problems);
}
out(`Dockerfile: ${dockerfilePorts.size} app targets (${describePorts(dockerfilePorts)})`);

const compose = checkComposeFile({
  yaml: read('docker-compose.yml'),
  envExample: read('infra/docker/compose.env.example'),
  dockerfilePath,
  dockerfile,
});
fail('docker-compose.yml', compose.problems);
if (!samePorts(compose.appPorts, dockerfilePorts)) {
  fail('docker-compose.yml', [`apps ${describePorts(compose.appPorts)} differ from the Dockerfile's ${describePorts(dockerfilePorts)}`]);
}
out(`docker-compose.yml: ${compose.services} services, apps ${describePorts(compose.appPorts)}`);

const readme = read('k8s/README.md');
if (values.render.length === 0) fail('k8s', ['no render given (--render name=file)']);
for (const entry of values.render) {
  const [name = '', file = ''] = entry.split('=');
  const report = await checkKubernetesRender({ name, yaml: readFileSync(file, 'utf8'), deployable: name !== 'base' });
  fail(`k8s/${name}`, report.problems);
  if (!samePorts(report.appPorts, dockerfilePorts)) {
    fail(`k8s/${name}`, [`apps ${describePorts(report.appPorts)} differ from the Dockerfile's ${describePorts(dockerfilePorts)}`]);
  }
  const undocumented = [...report.externalSecrets].filter((secret) => !readme.includes(`\`${secret}\``));
  if (undocumented.length > 0) fail(`k8s/${name}`, [`Secrets not documented in k8s/README.md: ${undocumented.join(', ')}`]);
  const kinds = Object.entries(report.kinds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  out(`k8s/${name}: ${report.documents} documents (${kinds}); operator secrets: ${[...report.externalSecrets].sort().join(', ')}`);
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`  FAIL ${failure}`);
  console.error(`deployment check failed: ${failures.length} problem(s)`);
  process.exit(1);
}
out('deployment check passed');
