import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CreateQuestion,
  CreateRule,
  DeleteQuestion,
  DeleteRule,
  ListQuestions,
  ListRules,
  UpdateQuestion,
  UpdateRule,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

/** A location's Q&A items (spec 001 §7). */
@ApiTags('knowledge')
@ApiBearerAuth()
@Controller('question')
export class QuestionController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListQuestions.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  list(@Query('location_id') locationId: string): Promise<ResponseOf<typeof ListQuestions>> {
    return this.rpc.request(ListQuestions, { location_id: locationId ?? '' });
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateQuestion.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateQuestion.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Question is required" | "Answer is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  create(@Body() body: RequestOf<typeof CreateQuestion>): Promise<ResponseOf<typeof CreateQuestion>> {
    return this.rpc.request(CreateQuestion, { ...(body ?? {}), location_id: body?.location_id ?? '' });
  }

  @Put(':id')
  @ApiBody({ schema: requestSchema(UpdateQuestion.request.omit({ id: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateQuestion.response) })
  @ApiBadRequestResponse({ schema: errorSchema })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Question not found' })
  update(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdateQuestion>, 'id'>): Promise<ResponseOf<typeof UpdateQuestion>> {
    return this.rpc.request(UpdateQuestion, { ...(body ?? {}), id });
  }

  @Delete(':id')
  @ApiOkResponse({ schema: responseSchema(DeleteQuestion.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Question not found' })
  remove(@Param('id') id: string): Promise<ResponseOf<typeof DeleteQuestion>> {
    return this.rpc.request(DeleteQuestion, { id });
  }
}

/** A location's rules (spec 001 §7). */
@ApiTags('knowledge')
@ApiBearerAuth()
@Controller('rule')
export class RuleController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('all')
  @ApiQuery({ name: 'location_id', required: true })
  @ApiOkResponse({ schema: responseSchema(ListRules.response) })
  @ApiNotFoundResponse({ schema: errorSchema })
  list(@Query('location_id') locationId: string): Promise<ResponseOf<typeof ListRules>> {
    return this.rpc.request(ListRules, { location_id: locationId ?? '' });
  }

  @Post()
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateRule.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateRule.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: '"Description is required" | "Expected output is required"' })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  create(@Body() body: RequestOf<typeof CreateRule>): Promise<ResponseOf<typeof CreateRule>> {
    return this.rpc.request(CreateRule, { ...(body ?? {}), location_id: body?.location_id ?? '' });
  }

  @Put(':id')
  @ApiBody({ schema: requestSchema(UpdateRule.request.omit({ id: true })) })
  @ApiOkResponse({ schema: responseSchema(UpdateRule.response) })
  @ApiBadRequestResponse({ schema: errorSchema })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Rule not found' })
  update(@Param('id') id: string, @Body() body: Omit<RequestOf<typeof UpdateRule>, 'id'>): Promise<ResponseOf<typeof UpdateRule>> {
    return this.rpc.request(UpdateRule, { ...(body ?? {}), id });
  }

  @Delete(':id')
  @ApiOkResponse({ schema: responseSchema(DeleteRule.response) })
  @ApiForbiddenResponse({ schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema, description: 'Rule not found' })
  remove(@Param('id') id: string): Promise<ResponseOf<typeof DeleteRule>> {
    return this.rpc.request(DeleteRule, { id });
  }
}
