import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiBadRequestResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import {
  CreatePropertyLocation,
  GetPropertyLocation,
  ListLocationUnits,
  ListPropertyLocations,
  UpdatePropertyLocation,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

const { id: _id, ...updateShape } = UpdatePropertyLocation.request.shape;
const updateBody = UpdatePropertyLocation.request.pick(Object.fromEntries(Object.keys(updateShape).map((k) => [k, true])) as never);

/**
 * Property locations (spec 000 §7, 001 §7). The portfolio service decides everything — validation messages,
 * ownership (another account's id is a 404 with no data) — from the caller's token, which it verifies itself.
 */
@ApiTags('property-location')
@ApiBearerAuth()
@Controller('property-location')
export class PropertyLocationController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreatePropertyLocation.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreatePropertyLocation.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'The spec\'s validation message, e.g. "Property Address is required"' })
  create(@Body() body: RequestOf<typeof CreatePropertyLocation>): Promise<ResponseOf<typeof CreatePropertyLocation>> {
    return this.rpc.request(CreatePropertyLocation, body ?? {});
  }

  @Get('all')
  @ApiOkResponse({ schema: responseSchema(ListPropertyLocations.response) })
  list(): Promise<ResponseOf<typeof ListPropertyLocations>> {
    return this.rpc.request(ListPropertyLocations, {});
  }

  /** Every unit of the location, whatever its building. */
  @Get(':id/units')
  @ApiOkResponse({ schema: responseSchema(ListLocationUnits.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  units(@Param('id') id: string): Promise<ResponseOf<typeof ListLocationUnits>> {
    return this.rpc.request(ListLocationUnits, { locationId: id });
  }

  @Get(':id')
  @ApiOkResponse({ schema: responseSchema(GetPropertyLocation.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  get(@Param('id') id: string): Promise<ResponseOf<typeof GetPropertyLocation>> {
    return this.rpc.request(GetPropertyLocation, { id });
  }

  @Put(':id')
  @ApiBody({ schema: requestSchema(updateBody) })
  @ApiOkResponse({ schema: responseSchema(UpdatePropertyLocation.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'The spec\'s validation message, e.g. "Name is required"' })
  @ApiNotFoundResponse({ schema: errorSchema })
  update(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdatePropertyLocation>, 'id'>): Promise<ResponseOf<typeof UpdatePropertyLocation>> {
    return this.rpc.request(UpdatePropertyLocation, { ...(body ?? {}), id });
  }
}
