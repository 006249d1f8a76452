// The local AI models for the assistant's image: `node infra/docker/install-ai-models.ts /models`, run at image build
// time (the `ai-models` stage of the Dockerfile) with the same installer and pinned hashes as `npm start`, so a pod
// never downloads weights and a model that fails verification fails the build instead of shipping.
import { installAiModels } from '../src/components/ai-models.ts';
import { readVersions } from '../src/versions.ts';

const [target] = process.argv.slice(2);
if (!target) {
  process.stderr.write('usage: node infra/docker/install-ai-models.ts <models-dir>\n');
  process.exit(2);
}
process.exitCode = (await installAiModels(readVersions().aiModels, target)) ? 0 : 1;
