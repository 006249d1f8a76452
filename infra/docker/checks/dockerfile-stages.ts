/** What the deployment checks need to know about one build stage of the Dockerfile. */
export interface DockerfileStage {
  name: string;
  /** The image or earlier stage this one starts from, as written after FROM. */
  from: string;
  hasHealthcheck: boolean;
  healthcheckDisabled: boolean;
  user: string | undefined;
  env: Record<string, string>;
  exposed: string[];
}

export interface ParsedDockerfile {
  /** ARG values declared before the first FROM (the ones FROM lines may use). */
  globalArgs: Record<string, string>;
  stages: Map<string, DockerfileStage>;
}

/**
 * Reads stage structure from a Dockerfile: enough to follow FROM chains and to see the HEALTHCHECK, USER, ENV and
 * EXPOSE a target ends up with. Not a full parser: heredocs and parser directives other than comments are not used
 * in our Dockerfile.
 */
export function parseDockerfile(text: string): ParsedDockerfile {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const globalArgs: Record<string, string> = {};
  const stages = new Map<string, DockerfileStage>();
  let current: DockerfileStage | undefined;
  for (const line of instructions) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (keyword.toUpperCase()) {
      case 'ARG': {
        const [name = '', value = ''] = args.split('=');
        if (!current) globalArgs[name] = value;
        break;
      }
      case 'FROM': {
        const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
        if (!match?.[1]) throw new Error(`cannot read FROM line: ${line}`);
        const from = match[1];
        const name = match[2] ?? `#${stages.size}`;
        const parent = stages.get(from);
        current = {
          name,
          from,
          hasHealthcheck: parent?.hasHealthcheck ?? false,
          healthcheckDisabled: parent?.healthcheckDisabled ?? false,
          user: parent?.user,
          env: { ...parent?.env },
          exposed: [...(parent?.exposed ?? [])],
        };
        stages.set(name, current);
        break;
      }
      case 'HEALTHCHECK':
        if (!current) throw new Error('HEALTHCHECK before FROM');
        current.healthcheckDisabled = /^NONE$/i.test(args);
        current.hasHealthcheck = !current.healthcheckDisabled;
        break;
      case 'USER':
        if (!current) throw new Error('USER before FROM');
        current.user = args;
        break;
      case 'ENV':
        if (!current) throw new Error('ENV before FROM');
        for (const pair of args.split(/\s+/)) {
          const [name = '', value = ''] = pair.split('=');
          current.env[name] = value;
        }
        break;
      case 'EXPOSE':
        if (!current) throw new Error('EXPOSE before FROM');
        current.exposed.push(...args.split(/\s+/));
        break;
      default:
        break;
    }
  }
  return { globalArgs, stages };
}
