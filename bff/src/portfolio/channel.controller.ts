import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AssignLocationPhoneNumber,
  GenerateLocationEmailAddress,
  ListLocationPhoneNumbers,
  SearchLocationPhoneNumbers,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

/** A location's phone number and e-mail address (spec 001 §7). */
@ApiTags('property-location')
@ApiBearerAuth()
@Controller()
export class ChannelController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('property-location/:id/email-address')
  @HttpCode(200)
  @ApiOkResponse({ schema: responseSchema(GenerateLocationEmailAddress.response), description: 'The location, with its e-mail address' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  generateEmailAddress(@Param('id') id: string): Promise<ResponseOf<typeof GenerateLocationEmailAddress>> {
    return this.rpc.request(GenerateLocationEmailAddress, { id });
  }

  @Get('property-location/:id/search-phone-number')
  @ApiQuery({ name: 'areaCode', required: false, description: 'Default: the main area code of the location\'s state' })
  @ApiQuery({ name: 'contains', required: false })
  @ApiQuery({ name: 'limit', required: false })
  @ApiOkResponse({ schema: responseSchema(SearchLocationPhoneNumbers.response) })
  @ApiBadRequestResponse({ schema: errorSchema })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  searchPhoneNumbers(
    @Param('id') id: string,
    @Query('areaCode') areaCode?: string,
    @Query('contains') contains?: string,
    @Query('limit') limit?: string,
  ): Promise<ResponseOf<typeof SearchLocationPhoneNumbers>> {
    const parsed = limit ? Number.parseInt(limit, 10) : NaN;
    return this.rpc.request(SearchLocationPhoneNumbers, {
      id,
      areaCode: areaCode || null,
      contains: contains || null,
      limit: Number.isFinite(parsed) ? parsed : null,
    });
  }

  @Post('property-location/:id/phone-number')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(AssignLocationPhoneNumber.request.omit({ id: true })) })
  @ApiOkResponse({ schema: responseSchema(AssignLocationPhoneNumber.response), description: 'The location, with its phone number' })
  @ApiConflictResponse({ schema: errorSchema, description: '"This phone number is no longer available" | "This property already has a phone number"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  assignPhoneNumber(@Param('id') id: string, @Body() body: { phoneNumber?: string | null }): Promise<ResponseOf<typeof AssignLocationPhoneNumber>> {
    return this.rpc.request(AssignLocationPhoneNumber, { id, phoneNumber: body?.phoneNumber ?? null });
  }

  @Get('property-location-phone/all')
  @ApiOkResponse({ schema: responseSchema(ListLocationPhoneNumbers.response) })
  listPhoneNumbers(): Promise<ResponseOf<typeof ListLocationPhoneNumbers>> {
    return this.rpc.request(ListLocationPhoneNumbers, {});
  }
}
