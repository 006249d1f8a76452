import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CreateContact, DeleteContact, GetContact, ListContacts, UpdateContact, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

const createBody = CreateContact.request.omit({ location_id: true });
const updateBody = UpdateContact.request.omit({ id: true, location_id: true });

/** Location contacts (spec 002 §7): every call names the selected location in `location_id`. */
@ApiTags('contacts')
@ApiBearerAuth()
@Controller('contacts')
export class ContactController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiQuery({ name: 'location_id', required: true })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ schema: responseSchema(ListContacts.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'No location selected' })
  @ApiNotFoundResponse({ schema: errorSchema })
  list(@Query('location_id') locationId?: string, @Query('search') search?: string): Promise<ResponseOf<typeof ListContacts>> {
    return this.rpc.request(ListContacts, { location_id: locationId || null, search: search || null });
  }

  @Post()
  @HttpCode(201)
  @ApiQuery({ name: 'location_id', required: true })
  @ApiBody({ schema: requestSchema(createBody) })
  @ApiCreatedResponse({ schema: responseSchema(CreateContact.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"At least one location is required" | "Name is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  create(@Query('location_id') locationId: string | undefined, @Body() body: Omit<RequestOf<typeof CreateContact>, 'location_id'>): Promise<ResponseOf<typeof CreateContact>> {
    return this.rpc.request(CreateContact, { ...(body ?? {}), location_id: locationId || null });
  }

  @Get(':id')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(GetContact.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'No location selected' })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Contact not found' })
  get(@Param('id') id: string, @Query('location_id') locationId?: string): Promise<ResponseOf<typeof GetContact>> {
    return this.rpc.request(GetContact, { id, location_id: locationId || null });
  }

  @Put(':id')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiBody({ schema: requestSchema(updateBody) })
  @ApiOkResponse({ schema: responseSchema(UpdateContact.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"No location selected" | "Name is required" | "At least one location is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Contact not found' })
  update(
    @Param('id') id: string,
    @Query('location_id') locationId: string | undefined,
    @Body() body: Omit<RequestOf<typeof UpdateContact>, 'id' | 'location_id'>,
  ): Promise<ResponseOf<typeof UpdateContact>> {
    return this.rpc.request(UpdateContact, { ...(body ?? {}), id, location_id: locationId || null });
  }

  @Delete(':contactId')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(DeleteContact.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'No location selected' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Contact not found' })
  remove(@Param('contactId') id: string, @Query('location_id') locationId?: string): Promise<ResponseOf<typeof DeleteContact>> {
    return this.rpc.request(DeleteContact, { id, location_id: locationId || null });
  }
}
