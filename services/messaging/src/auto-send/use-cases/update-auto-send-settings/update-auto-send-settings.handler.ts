import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { UpdateAutoSendSettings, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AutoSendRepository } from '../../auto-send.repository.js';

/** Turns auto-send on or off for the intents named; answers every intent's setting. */
@Injectable()
@UseCase(UpdateAutoSendSettings)
export class UpdateAutoSendSettingsHandler implements UseCaseHandler<typeof UpdateAutoSendSettings> {
  constructor(
    private readonly access: LocationAccess,
    private readonly autoSend: AutoSendRepository,
  ) {}

  async handle(request: RequestOf<typeof UpdateAutoSendSettings>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateAutoSendSettings>> {
    const grant = await this.access.require(em, caller, request.location_id, 'message:send');
    await this.autoSend.update(em, grant, request.intents, caller.userId);
    return this.autoSend.settings(em, grant.locationId);
  }
}
