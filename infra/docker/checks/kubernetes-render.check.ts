import { parseAllDocuments } from 'yaml';

/** One rendered kustomization (`kustomize build <dir>` output) and what must hold of it. */
export interface KubernetesRender {
  /** Path of the kustomization relative to k8s/, e.g. "base" or "overlays/prod". */
  name: string;
  yaml: string;
  /** An overlay is deployable as is: its ConfigMap must carry every non-secret setting. The base is not. */
  deployable: boolean;
}

export interface KubernetesRenderReport {
  problems: string[];
  documents: number;
  kinds: Record<string, number>;
  /** Secrets the manifests reference but do not create: operators provide them. */
  externalSecrets: Set<string>;
  /** Image name → HTTP port of the container that runs it, for the cross-check with the Dockerfile. */
  appPorts: Map<string, number>;
}

/** Settings every app reads from the pm-config ConfigMap (secrets come from Secrets, see k8s/README.md). */
export const requiredConfigKeys = [
  'NODE_ENV',
  'LOG_LEVEL',
  'NATS_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'MINIO_ENDPOINT',
  'MINIO_BUCKET',
  'JWKS_URL',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
] as const;

/** The assistant loads the local chat model (1.1 GB, memory-mapped) and the embedding model: 2.2–2.7 GB RSS measured. */
const assistantMemoryFloor = 3 * 1024 ** 3;

const memoryUnits: Record<string, number> = { '': 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** A Kubernetes memory quantity ("512Mi", "3Gi", "1e9") in bytes; undefined when absent or unreadable. */
function bytesOf(quantity: unknown): number | undefined {
  const match = /^(\d+(?:\.\d+)?(?:e\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(quantity ?? ''));
  return match ? Number(match[1]) * memoryUnits[match[2] ?? '']! : undefined;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const obj = (value: unknown): Obj => (isObj(value) ? value : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const labelsOf = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The module of kubernetes-models that holds the schema of an apiVersion/kind ("apps/v1" + Deployment). */
const schemaModule = (apiVersion: string, kind: string): string => `kubernetes-models/${apiVersion}/${kind}`;

async function schemaProblems(id: string, doc: Obj): Promise<string[]> {
  const apiVersion = str(doc['apiVersion']) ?? '';
  const kind = str(doc['kind']) ?? '';
  let model: new (data: Obj) => { validate(): void };
  try {
    const module = (await import(schemaModule(apiVersion, kind))) as Record<string, unknown>;
    model = module[kind] as typeof model;
    if (typeof model !== 'function') throw new Error('no model class');
  } catch {
    return [`${id}: ${apiVersion} ${kind} is not a built-in Kubernetes kind this check knows`];
  }
  try {
    new model(doc).validate();
    return [];
  } catch (error) {
    return [`${id}: schema: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Parses and checks one render; every problem is reported, not only the first. */
export async function checkKubernetesRender(render: KubernetesRender): Promise<KubernetesRenderReport> {
  const problems: string[] = [];
  const report: KubernetesRenderReport = { problems, documents: 0, kinds: {}, externalSecrets: new Set(), appPorts: new Map() };
  const docs: Obj[] = [];
  for (const [index, parsed] of parseAllDocuments(render.yaml).entries()) {
    if (parsed.errors.length > 0) {
      problems.push(`document ${index + 1}: YAML: ${parsed.errors.map((error) => error.message).join('; ')}`);
      continue;
    }
    const doc: unknown = parsed.toJS();
    if (doc === null) continue;
    if (!isObj(doc)) {
      problems.push(`document ${index + 1}: not a mapping`);
      continue;
    }
    const missing = ['apiVersion', 'kind'].filter((key) => !str(doc[key])).concat(str(obj(doc['metadata'])['name']) ? [] : ['metadata.name']);
    if (missing.length > 0) {
      problems.push(`document ${index + 1}: missing ${missing.join(', ')}`);
      continue;
    }
    docs.push(doc);
  }
  report.documents = docs.length;
  if (docs.length === 0) problems.push('the render is empty');

  const idOf = (doc: Obj): string => `${str(doc['kind'])}/${str(obj(doc['metadata'])['name'])}`;
  const ofKind = (kind: string): Obj[] => docs.filter((doc) => doc['kind'] === kind);
  for (const doc of docs) {
    const kind = str(doc['kind']) ?? '';
    report.kinds[kind] = (report.kinds[kind] ?? 0) + 1;
    problems.push(...(await schemaProblems(idOf(doc), doc)));
  }
  const seen = new Set<string>();
  for (const doc of docs) {
    const id = `${idOf(doc)}@${str(obj(doc['metadata'])['namespace']) ?? ''}`;
    if (seen.has(id)) problems.push(`${idOf(doc)}: defined twice`);
    seen.add(id);
  }

  const configMaps = new Map(ofKind('ConfigMap').map((doc) => [str(obj(doc['metadata'])['name']) ?? '', labelsOf(doc['data'])]));
  const secrets = new Set(ofKind('Secret').map((doc) => str(obj(doc['metadata'])['name']) ?? ''));
  const deployments = ofKind('Deployment');
  const hpaTargets = new Set(
    ofKind('HorizontalPodAutoscaler').map((doc) => str(obj(obj(doc['spec'])['scaleTargetRef'])['name']) ?? ''),
  );
  const podLabels = new Map(
    deployments.map((doc) => [str(obj(doc['metadata'])['name']) ?? '', labelsOf(obj(obj(obj(doc['spec'])['template'])['metadata'])['labels'])]),
  );
  const portNames = new Map<string, Set<string | number>>();

  for (const deployment of deployments) {
    const id = idOf(deployment);
    const name = str(obj(deployment['metadata'])['name']) ?? '';
    const spec = obj(deployment['spec']);
    const pod = obj(obj(spec['template'])['spec']);
    const selector = labelsOf(obj(spec['selector'])['matchLabels']);
    if (!matches(selector, podLabels.get(name) ?? {})) problems.push(`${id}: selector does not match its pod template labels`);
    if (hpaTargets.has(name) && spec['replicas'] !== undefined) {
      problems.push(`${id}: sets replicas although an HPA scales it (every apply would reset the HPA's count)`);
    }
    const podSecurity = obj(pod['securityContext']);
    const containers = list(pod['containers']);
    const initContainers = list(pod['initContainers']);
    if (containers.length === 0) problems.push(`${id}: no containers`);
    const ports = new Set<string | number>();
    for (const container of [...containers, ...initContainers]) {
      const where = `${id} container ${str(container['name'])}`;
      const image = str(container['image']) ?? '';
      if (image === '' || image.endsWith(':latest')) problems.push(`${where}: image must be set and not :latest`);
      const resources = obj(container['resources']);
      if (Object.keys(obj(resources['requests'])).length === 0) problems.push(`${where}: no resource requests`);
      if (obj(resources['limits'])['memory'] === undefined) problems.push(`${where}: no memory limit`);
      const security = obj(container['securityContext']);
      if (security['runAsNonRoot'] !== true && podSecurity['runAsNonRoot'] !== true) problems.push(`${where}: may run as root`);
      if (security['allowPrivilegeEscalation'] !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
      if (security['readOnlyRootFilesystem'] !== true) problems.push(`${where}: root filesystem is writable`);
      for (const source of list(container['envFrom'])) {
        const configMap = str(obj(source['configMapRef'])['name']);
        const secret = str(obj(source['secretRef'])['name']);
        if (configMap !== undefined && !configMaps.has(configMap)) problems.push(`${where}: ConfigMap ${configMap} is not in the render`);
        if (secret !== undefined && !secrets.has(secret)) report.externalSecrets.add(secret);
      }
      for (const variable of list(container['env'])) {
        const secret = str(obj(obj(variable['valueFrom'])['secretKeyRef'])['name']);
        if (secret !== undefined && !secrets.has(secret)) report.externalSecrets.add(secret);
      }
    }
    for (const container of containers) {
      const where = `${id} container ${str(container['name'])}`;
      const memoryLimit = bytesOf(obj(obj(container['resources'])['limits'])['memory']);
      if (/(^|\/)assistant(:|@|$)/.test(str(container['image']) ?? '') && (memoryLimit ?? 0) < assistantMemoryFloor) {
        problems.push(`${where}: a memory limit under 3Gi cannot hold the local AI models (2.2–2.7 GB RSS measured); see k8s/base/assistant/ai-resources.patch.yaml`);
      }
      for (const port of list(container['ports'])) {
        if (str(port['name'])) ports.add(str(port['name']) ?? '');
        if (typeof port['containerPort'] === 'number') ports.add(port['containerPort']);
      }
      for (const [probe, path] of [
        ['livenessProbe', '/health/live'],
        ['readinessProbe', '/health/ready'],
      ] as const) {
        const httpGet = obj(obj(container[probe])['httpGet']);
        if (httpGet['path'] !== path) problems.push(`${where}: ${probe} must be an HTTP GET of ${path}`);
        else if (!ports.has(httpGet['port'] as string | number)) problems.push(`${where}: ${probe} port ${String(httpGet['port'])} is not a container port`);
      }
      const httpPort = list(container['env']).find((variable) => variable['name'] === 'HTTP_PORT');
      const declared = list(container['ports']).find((port) => port['name'] === 'http');
      if (!httpPort || String(declared?.['containerPort']) !== str(httpPort['value'])) {
        problems.push(`${where}: HTTP_PORT must equal the containerPort named http`);
      } else {
        const imageName = (str(container['image']) ?? '').split('/').pop()?.replace(/[:@].*$/, '') ?? '';
        report.appPorts.set(imageName, Number(httpPort['value']));
      }
    }
    portNames.set(name, ports);
    const component = labelsOf(obj(deployment['metadata'])['labels'])['app.kubernetes.io/component'];
    if (component === 'service') {
      const migrates = initContainers.some((container) => JSON.stringify(container['command'] ?? []).includes('dist/migrate.js'));
      if (!migrates) problems.push(`${id}: a service must run dist/migrate.js in an init container`);
    }
  }

  const deploymentsSelectedBy = (selector: Record<string, string>): string[] =>
    [...podLabels].filter(([, labels]) => matches(selector, labels)).map(([name]) => name);
  for (const service of ofKind('Service')) {
    const spec = obj(service['spec']);
    const targets = deploymentsSelectedBy(labelsOf(spec['selector']));
    if (targets.length !== 1) {
      problems.push(`${idOf(service)}: selects ${targets.length} Deployments (want exactly one)`);
      continue;
    }
    for (const port of list(spec['ports'])) {
      const target = port['targetPort'] ?? port['port'];
      if (!portNames.get(targets[0] ?? '')?.has(target as string | number)) {
        problems.push(`${idOf(service)}: targetPort ${String(target)} is not a port of Deployment ${targets[0]}`);
      }
    }
  }
  for (const budget of ofKind('PodDisruptionBudget')) {
    const targets = deploymentsSelectedBy(labelsOf(obj(obj(budget['spec'])['selector'])['matchLabels']));
    if (targets.length !== 1) problems.push(`${idOf(budget)}: selects ${targets.length} Deployments (want exactly one)`);
  }
  for (const hpa of ofKind('HorizontalPodAutoscaler')) {
    const spec = obj(hpa['spec']);
    const target = obj(spec['scaleTargetRef']);
    if (target['kind'] !== 'Deployment' || !podLabels.has(str(target['name']) ?? '')) {
      problems.push(`${idOf(hpa)}: scales ${String(target['kind'])}/${String(target['name'])}, which is not in the render`);
    }
    if (Number(spec['minReplicas'] ?? 1) > Number(spec['maxReplicas'])) problems.push(`${idOf(hpa)}: minReplicas exceeds maxReplicas`);
  }
  const serviceNames = new Set(ofKind('Service').map((doc) => str(obj(doc['metadata'])['name'])));
  for (const ingress of ofKind('Ingress')) {
    for (const rule of list(obj(ingress['spec'])['rules'])) {
      for (const path of list(obj(rule['http'])['paths'])) {
        const backend = str(obj(obj(path['backend'])['service'])['name']);
        if (!serviceNames.has(backend)) problems.push(`${idOf(ingress)}: backend Service ${String(backend)} is not in the render`);
      }
    }
  }
  for (const name of deployments.length > 0 ? ['Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'] : []) {
    const covered = new Set(ofKind(name).map((doc) => str(obj(doc['metadata'])['name'])));
    for (const deployment of podLabels.keys()) {
      if (!covered.has(deployment)) problems.push(`Deployment/${deployment}: has no ${name} of the same name`);
    }
  }
  if (render.deployable) {
    const config = [...configMaps].find(([name]) => name.startsWith('pm-config'))?.[1];
    if (!config) problems.push('no pm-config ConfigMap');
    else {
      const missing = requiredConfigKeys.filter((key) => (config[key] ?? '') === '');
      if (missing.length > 0) problems.push(`pm-config lacks ${missing.join(', ')}`);
    }
  }
  return report;
}
