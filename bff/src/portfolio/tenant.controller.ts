import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
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
import {
  CreateTenant,
  DeleteTenant,
  GetInviteTemplate,
  GetTenant,
  InviteTenants,
  ListLocationTenants,
  ListUnitTenants,
  RetrieveTenant,
  SetPrimaryTenant,
  UpdateTenant,
  UpdateTenantMetadata,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

const tenantMessages = '"Full name is required" | "Invalid email address" | "Phone number must be in format (999) 999-9999"';

/** Tenants (spec 001 §7). Fixed paths are declared before `:id` so they are never read as an id. */
@ApiTags('tenant')
@ApiBearerAuth()
@Controller('tenant')
export class TenantController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'unit_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListUnitTenants.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Unit not found' })
  listByUnit(@Query('unit_id') unitId?: string): Promise<ResponseOf<typeof ListUnitTenants>> {
    return this.rpc.request(ListUnitTenants, { unitId: unitId ?? '' });
  }

  /** `archived=true`: the location's past tenants. */
  @Get('location/:locationId')
  @ApiQuery({ name: 'archived', required: false, type: Boolean })
  @ApiOkResponse({ schema: responseSchema(ListLocationTenants.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Property location not found' })
  listByLocation(@Param('locationId') locationId: string, @Query('archived') archived?: string): Promise<ResponseOf<typeof ListLocationTenants>> {
    return this.rpc.request(ListLocationTenants, { locationId, archived: archived === 'true' });
  }

  @Get('invite-template/:buildingId')
  @ApiOkResponse({ schema: responseSchema(GetInviteTemplate.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  inviteTemplate(@Param('buildingId') buildingId: string): Promise<ResponseOf<typeof GetInviteTemplate>> {
    return this.rpc.request(GetInviteTemplate, { buildingId });
  }

  @Post('invite')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(InviteTenants.request) })
  @ApiOkResponse({ schema: responseSchema(InviteTenants.response) })
  @ApiBadRequestResponse({
    schema: errorSchema,
    description: '"Please select at least one tenant" | "Subject is required" | "Message is required" | "No building found for this location"',
  })
  @ApiBadGatewayResponse({ schema: errorSchema, description: 'Failed to invite tenants' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  invite(@Body() body: RequestOf<typeof InviteTenants>): Promise<ResponseOf<typeof InviteTenants>> {
    return this.rpc.request(InviteTenants, body ?? {});
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateTenant.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateTenant.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: tenantMessages })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Unit not found' })
  create(@Body() body: RequestOf<typeof CreateTenant>): Promise<ResponseOf<typeof CreateTenant>> {
    return this.rpc.request(CreateTenant, body ?? {});
  }

  @Get(':id')
  @ApiOkResponse({ schema: responseSchema(GetTenant.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  get(@Param('id') id: string): Promise<ResponseOf<typeof GetTenant>> {
    return this.rpc.request(GetTenant, { id });
  }

  @Put(':id')
  @ApiBody({ schema: requestSchema(UpdateTenant.request.omit({ id: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateTenant.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: tenantMessages })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  update(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdateTenant>, 'id'>): Promise<ResponseOf<typeof UpdateTenant>> {
    return this.rpc.request(UpdateTenant, { ...(body ?? {}), id });
  }

  /** An active tenant is archived; an archived one is deleted for good. */
  @Delete(':id')
  @ApiOkResponse({ schema: responseSchema(DeleteTenant.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  remove(@Param('id') id: string): Promise<ResponseOf<typeof DeleteTenant>> {
    return this.rpc.request(DeleteTenant, { id });
  }

  /** Retrieve an archived tenant. */
  @Post(':id')
  @HttpCode(200)
  @ApiOkResponse({ schema: responseSchema(RetrieveTenant.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  retrieve(@Param('id') id: string): Promise<ResponseOf<typeof RetrieveTenant>> {
    return this.rpc.request(RetrieveTenant, { id });
  }

  @Post(':id/set-primary')
  @HttpCode(200)
  @ApiOkResponse({ schema: responseSchema(SetPrimaryTenant.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Archived tenants cannot be primary' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  setPrimary(@Param('id') id: string): Promise<ResponseOf<typeof SetPrimaryTenant>> {
    return this.rpc.request(SetPrimaryTenant, { id });
  }

  @Put(':id/metadata')
  @ApiBody({ schema: requestSchema(UpdateTenantMetadata.request.omit({ id: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateTenantMetadata.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Lease end date must be after the start date" | "Invalid date" | "Rent must be a positive amount"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found' })
  updateMetadata(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdateTenantMetadata>, 'id'>): Promise<ResponseOf<typeof UpdateTenantMetadata>> {
    return this.rpc.request(UpdateTenantMetadata, { ...(body ?? {}), id });
  }
}
