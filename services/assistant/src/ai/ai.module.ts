import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { AiRuntime, readAiConfig } from '@pm/ai';

/** Frees the model (about 2 GB) when the service stops. */
@Injectable()
class AiRuntimeShutdown implements OnApplicationShutdown {
  constructor(@Inject(AiRuntime) private readonly runtime: AiRuntime) {}

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}

/**
 * One AiRuntime per process: the local model is loaded once (lazily, on the first draft) and its context is shared
 * by every request, which queue. A missing or unverified model does not stop the service; drafts report why.
 */
@Global()
@Module({})
export class AiModule {
  /**
   * The runtime of AI_PROVIDER by default. A test of a path that is not the AI path passes its own (a runtime whose
   * chat model is the deterministic test model); the provider factory itself never picks that model.
   */
  static forRoot(runtime: () => AiRuntime = () => new AiRuntime(readAiConfig())): DynamicModule {
    return { module: AiModule, providers: [{ provide: AiRuntime, useFactory: runtime }, AiRuntimeShutdown], exports: [AiRuntime] };
  }
}
