import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
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
@Module({
  providers: [{ provide: AiRuntime, useFactory: () => new AiRuntime(readAiConfig()) }, AiRuntimeShutdown],
  exports: [AiRuntime],
})
export class AiModule {}
