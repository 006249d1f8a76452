import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { GetAutoSendSettings, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { AutoSendRepository } from '../../auto-send.repository.js';

/** Which intents' answers the location sends without an approval. */
@Injectable()
@UseCase(GetAutoSendSettings)
export class GetAutoSendSettingsHandler implements UseCaseHandler<typeof GetAutoSendSettings> {
  constructor(
    private readonly access: LocationAccess,
    private readonly autoSend: AutoSendRepository,
  ) {}

  async handle(request: RequestOf<typeof GetAutoSendSettings>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetAutoSendSettings>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.autoSend.settings(em, locationId);
  }
}
