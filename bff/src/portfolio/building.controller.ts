import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CreateBuilding,
  GetBuilding,
  GetBuildingSignature,
  ListBuildingContacts,
  ListBuildingEmailTemplates,
  ListBuildings,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

/** Buildings of a location, their contacts, e-mail templates and signature (spec 001 §7). */
@ApiTags('building')
@ApiBearerAuth()
@Controller('building')
export class BuildingController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListBuildings.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Property location not found' })
  list(@Query('location_id') locationId?: string): Promise<ResponseOf<typeof ListBuildings>> {
    return this.rpc.request(ListBuildings, { locationId: locationId ?? '' });
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateBuilding.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateBuilding.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Building name is required" | "Property Location is required" | "Building address is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Property location not found' })
  create(@Body() body: RequestOf<typeof CreateBuilding>): Promise<ResponseOf<typeof CreateBuilding>> {
    return this.rpc.request(CreateBuilding, body ?? {});
  }

  @Get(':id')
  @ApiOkResponse({ schema: responseSchema(GetBuilding.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  get(@Param('id') id: string): Promise<ResponseOf<typeof GetBuilding>> {
    return this.rpc.request(GetBuilding, { id });
  }

  @Get(':id/contacts')
  @ApiOkResponse({ schema: responseSchema(ListBuildingContacts.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  contacts(@Param('id') id: string): Promise<ResponseOf<typeof ListBuildingContacts>> {
    return this.rpc.request(ListBuildingContacts, { id });
  }

  @Get(':id/email-templates')
  @ApiOkResponse({ schema: responseSchema(ListBuildingEmailTemplates.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  emailTemplates(@Param('id') id: string): Promise<ResponseOf<typeof ListBuildingEmailTemplates>> {
    return this.rpc.request(ListBuildingEmailTemplates, { id });
  }

  @Put(':id/email-templates/:slug')
  @ApiBody({ schema: requestSchema(UpdateBuildingEmailTemplate.request.pick({ subject: true, body: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateBuildingEmailTemplate.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Subject is required" | "Message is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  updateEmailTemplate(
    @Param('id') id: string,
    @Param('slug') slug: string,
    @Body() body: Pick<RequestOf<typeof UpdateBuildingEmailTemplate>, 'subject' | 'body'>,
  ): Promise<ResponseOf<typeof UpdateBuildingEmailTemplate>> {
    return this.rpc.request(UpdateBuildingEmailTemplate, { subject: body?.subject, body: body?.body, id, slug });
  }

  @Get(':id/signature')
  @ApiOkResponse({ schema: responseSchema(GetBuildingSignature.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  signature(@Param('id') id: string): Promise<ResponseOf<typeof GetBuildingSignature>> {
    return this.rpc.request(GetBuildingSignature, { id });
  }

  @Put(':id/signature')
  @ApiBody({ schema: requestSchema(UpdateBuildingSignature.request.pick({ signature: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateBuildingSignature.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  updateSignature(@Param('id') id: string, @Body() body: { signature?: string | null }): Promise<ResponseOf<typeof UpdateBuildingSignature>> {
    return this.rpc.request(UpdateBuildingSignature, { id, signature: body?.signature });
  }
}
