import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CreateUnit, GetUnit, ListUnits, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

/** Units of a building (spec 001 §7); all units of a location are under property-location/{id}/units. */
@ApiTags('unit')
@ApiBearerAuth()
@Controller('unit')
export class UnitController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'buildingId', required: true })
  @ApiOkResponse({ schema: responseSchema(ListUnits.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  list(@Query('buildingId') buildingId?: string): Promise<ResponseOf<typeof ListUnits>> {
    return this.rpc.request(ListUnits, { buildingId: buildingId ?? '' });
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateUnit.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateUnit.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Unit name is required' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Building not found' })
  create(@Body() body: RequestOf<typeof CreateUnit>): Promise<ResponseOf<typeof CreateUnit>> {
    return this.rpc.request(CreateUnit, body ?? {});
  }

  @Get(':id')
  @ApiOkResponse({ schema: responseSchema(GetUnit.response) })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Unit not found' })
  get(@Param('id') id: string): Promise<ResponseOf<typeof GetUnit>> {
    return this.rpc.request(GetUnit, { id });
  }
}
