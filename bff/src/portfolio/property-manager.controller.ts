import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GetNavbarFlags, GetOnboardingProgress, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, responseSchema } from '../http/zod-openapi.js';

@ApiTags('property-manager')
@ApiBearerAuth()
@Controller('property-manager')
export class PropertyManagerController {
  constructor(private readonly rpc: RpcClient) {}

  /** `id`: the signed-in user's id (a location id of theirs answers the same). All false for non-managers. */
  @Get('onboarding/:id/progress')
  @ApiOkResponse({ schema: responseSchema(GetOnboardingProgress.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  progress(@Param('id') id: string): Promise<ResponseOf<typeof GetOnboardingProgress>> {
    return this.rpc.request(GetOnboardingProgress, { id });
  }

  @Get('navbar-flags/:locationId')
  @ApiOkResponse({ schema: responseSchema(GetNavbarFlags.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  navbarFlags(@Param('locationId') locationId: string): Promise<ResponseOf<typeof GetNavbarFlags>> {
    return this.rpc.request(GetNavbarFlags, { locationId });
  }
}
