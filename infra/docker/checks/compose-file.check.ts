import { parseDocument } from 'yaml';
import { type ParsedDockerfile } from './dockerfile-stages.ts';

export interface ComposeInput {
  yaml: string;
  /** The env example operators copy to .env: every required variable must be listed there. */
  envExample: string;
  /** Path of the Dockerfile the compose file builds from, relative to the repo root, and its parsed stages. */
  dockerfilePath: string;
  dockerfile: ParsedDockerfile;
}

export interface ComposeReport {
  problems: string[];
  services: number;
  /** Build target → HTTP_PORT the compose file gives it, for the cross-check with Kubernetes. */
  appPorts: Map<string, number>;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const obj = (value: unknown): Obj => (isObj(value) ? value : {});

// Variable names whose value is a credential: compose must take them from the environment, never inline them.
const secretName = /PASSWORD|SECRET|ACCESS_KEY|TOKEN|PRIVATE/i;

/** Checks docker-compose.yml without a Docker engine: structure, health checks, wiring, ports and secrets. */
export function checkComposeFile(input: ComposeInput): ComposeReport {
  const problems: string[] = [];
  const report: ComposeReport = { problems, services: 0, appPorts: new Map() };
  const document = parseDocument(input.yaml, { merge: true });
  if (document.errors.length > 0) {
    problems.push(...document.errors.map((error) => `YAML: ${error.message}`));
    return report;
  }
  const services = obj(obj(document.toJS())['services']);
  report.services = Object.keys(services).length;
  if (report.services === 0) problems.push('no services');

  const required = new Set([...input.yaml.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1] ?? ''));
  const documented = new Set([...input.envExample.matchAll(/^#?\s*(\w+)=/gm)].map((match) => match[1] ?? ''));
  for (const variable of required) {
    if (!documented.has(variable)) problems.push(`\${${variable}} is required but not listed in the env example`);
  }
  if (/\$\{\w+\}/.test(input.yaml.replace(/\$\$\{/g, ''))) {
    problems.push('a ${VAR} without :? or :- silently becomes empty when unset: say which it is');
  }

  const oneShot = (service: Obj): boolean => service['restart'] === 'no';
  const hasHealthcheck = (service: Obj): boolean => {
    const healthcheck = obj(service['healthcheck']);
    if (healthcheck['disable'] === true) return false;
    if (healthcheck['test'] !== undefined) return true;
    const target = obj(service['build'])['target'];
    return typeof target === 'string' && (input.dockerfile.stages.get(target)?.hasHealthcheck ?? false);
  };

  for (const [name, value] of Object.entries(services)) {
    const service = obj(value);
    const build = service['build'];
    if (service['image'] === undefined && build === undefined) problems.push(`${name}: neither image nor build`);
    if (typeof service['image'] === 'string' && /:latest$|^[^:]+$/.test(service['image']) && build === undefined) {
      problems.push(`${name}: image ${service['image']} is not pinned to a tag`);
    }
    if (build !== undefined) {
      const { target, dockerfile, context } = obj(build);
      if (context !== '.' || dockerfile !== input.dockerfilePath) problems.push(`${name}: must build ${input.dockerfilePath} with the repo root as context`);
      if (typeof target !== 'string' || !input.dockerfile.stages.has(target)) problems.push(`${name}: build target ${String(target)} is not a Dockerfile stage`);
      else if (!oneShot(service)) {
        const port = Number(obj(service['environment'])['HTTP_PORT']);
        if (!Number.isInteger(port)) problems.push(`${name}: no HTTP_PORT`);
        else report.appPorts.set(target, port);
      }
    }
    if (!oneShot(service) && !hasHealthcheck(service)) problems.push(`${name}: long-running but has no healthcheck`);

    for (const [dependency, condition] of Object.entries(obj(service['depends_on']))) {
      const target = services[dependency];
      const wanted = obj(condition)['condition'];
      if (!isObj(target)) problems.push(`${name}: depends on unknown service ${dependency}`);
      else if (wanted === 'service_healthy' && !hasHealthcheck(target)) problems.push(`${name}: waits for ${dependency} to be healthy, but it has no healthcheck`);
      else if (wanted === 'service_completed_successfully' && !oneShot(target)) problems.push(`${name}: waits for ${dependency} to complete, but it restarts`);
    }

    for (const port of Array.isArray(service['ports']) ? service['ports'] : []) {
      if (typeof port !== 'string' || !port.startsWith('127.0.0.1:')) problems.push(`${name}: port ${JSON.stringify(port)} is not bound to 127.0.0.1`);
    }

    for (const [key, raw] of Object.entries(obj(service['environment']))) {
      const value = String(raw);
      const inline = secretName.test(key) && !value.includes('${') && !value.includes('$$');
      const credentialsInUrl = /:\/\/[^/\s:@]+:(?!\$\{)[^@\s]+@/.test(value);
      if (inline || credentialsInUrl) problems.push(`${name}: ${key} holds a literal credential; take it from .env`);
    }
  }
  return report;
}
