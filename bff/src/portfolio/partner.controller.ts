import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { AddPartner, ListEmergencyContacts, ListPartners, RemovePartner, UpdatePartner, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

const updateBody = UpdatePartner.request.omit({ id: true });

/**
 * Property partners (spec 001 §7). Same prefix as PropertyManagerController (onboarding, navbar flags); the fixed
 * paths `all`, `emergency-contacts` and `with-user` are declared before `:id` so the parameter never captures them.
 */
@ApiTags('property-manager')
@ApiBearerAuth()
@Controller('property-manager')
export class PartnerController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListPartners.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  list(@Query('location_id') locationId: string): Promise<ResponseOf<typeof ListPartners>> {
    return this.rpc.request(ListPartners, { location_id: locationId ?? '' });
  }

  @Get('emergency-contacts')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListEmergencyContacts.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  emergencyContacts(@Query('location_id') locationId: string): Promise<ResponseOf<typeof ListEmergencyContacts>> {
    return this.rpc.request(ListEmergencyContacts, { location_id: locationId ?? '' });
  }

  @Post('with-user')
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(AddPartner.request) })
  @ApiCreatedResponse({ schema: responseSchema(AddPartner.response), description: 'The invitation e-mail has been sent' })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Full Name is required" | "Email is required" | "Invalid email address" | "Phone is required" | "Role is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  add(@Body() body: RequestOf<typeof AddPartner>): Promise<ResponseOf<typeof AddPartner>> {
    return this.rpc.request(AddPartner, body ?? {});
  }

  @Put(':id')
  @ApiBody({ schema: requestSchema(updateBody) })
  @ApiOkResponse({ schema: responseSchema(UpdatePartner.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Full Name is required" | "Email is required" | "Role is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  update(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdatePartner>, 'id'>): Promise<ResponseOf<typeof UpdatePartner>> {
    return this.rpc.request(UpdatePartner, { ...(body ?? {}), id });
  }

  @Delete(':id')
  @ApiQuery({ name: 'location_id', required: false, description: 'Without it the partner loses every location' })
  @ApiOkResponse({ schema: responseSchema(RemovePartner.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  remove(@Param('id') id: string, @Query('location_id') locationId?: string): Promise<ResponseOf<typeof RemovePartner>> {
    return this.rpc.request(RemovePartner, { id, location_id: locationId || null });
  }
}
