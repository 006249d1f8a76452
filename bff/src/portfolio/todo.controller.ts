import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ListExpiringLeases, SendLeaseRenewalEmail, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

/** The dashboard's lease to-dos: Upcoming Lease Renewals and their renewal e-mail (spec 001 §2, §7). */
@ApiTags('todo')
@ApiBearerAuth()
@Controller('todo')
export class TodoController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('location/:id/expiring-leases')
  @ApiQuery({ name: 'days', required: false, description: '1 to 365, default 60' })
  @ApiOkResponse({ schema: responseSchema(ListExpiringLeases.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Days must be between 1 and 365' })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Property location not found' })
  expiringLeases(@Param('id') id: string, @Query('days') days?: string): Promise<ResponseOf<typeof ListExpiringLeases>> {
    return this.rpc.request(ListExpiringLeases, { locationId: id, days: days ?? null });
  }

  @Post('lease-renewal-email')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(SendLeaseRenewalEmail.request) })
  @ApiOkResponse({ schema: responseSchema(SendLeaseRenewalEmail.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Building ID is required to send renewal email" | "Tenant has no email address"' })
  @ApiBadGatewayResponse({ schema: errorSchema, description: 'Failed to send renewal email' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Tenant not found | Building not found' })
  leaseRenewalEmail(@Body() body: RequestOf<typeof SendLeaseRenewalEmail>): Promise<ResponseOf<typeof SendLeaseRenewalEmail>> {
    return this.rpc.request(SendLeaseRenewalEmail, { tenantId: body?.tenantId ?? '', buildingId: body?.buildingId ?? null });
  }
}
