import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ChangePassword,
  CompleteReferral,
  CreateReferral,
  GetCurrentUser,
  GetReferral,
  SetAccountType,
  UpdateFullName,
  UpdatePhone,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { z } from 'zod';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';

const passwordBody = z.object({ password: z.string(), confirm_password: z.string() });

/**
 * The signed-in user's own account (spec 2.3 screen 19, 4.3). Identity takes the user from the forwarded token, never
 * from the body, so one account can only ever read or change itself.
 */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class UserController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('me')
  @ApiOkResponse({ schema: responseSchema(GetCurrentUser.response) })
  me(): Promise<ResponseOf<typeof GetCurrentUser>> {
    return this.rpc.request(GetCurrentUser, {});
  }

  @Put('full_name')
  @ApiBody({ schema: requestSchema(UpdateFullName.request) })
  @ApiOkResponse({ schema: responseSchema(UpdateFullName.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Full Name is required' })
  fullName(@Body() body: unknown) {
    return this.rpc.request(UpdateFullName, (body ?? {}) as never);
  }

  @Put('password')
  @HttpCode(204)
  @ApiBody({ schema: requestSchema(passwordBody) })
  @ApiNoContentResponse({ description: 'Changed; every other session of the account ended' })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Password must be at least 8 characters / Passwords do not match' })
  async password(@Body() body: unknown): Promise<void> {
    const { password, confirm_password } = (body ?? {}) as { password?: unknown; confirm_password?: unknown };
    await this.rpc.request(ChangePassword, {
      password: typeof password === 'string' ? password : '',
      confirm_password: typeof confirm_password === 'string' ? confirm_password : '',
    });
  }

  @Put('phone')
  @ApiBody({ schema: requestSchema(UpdatePhone.request) })
  @ApiOkResponse({ schema: responseSchema(UpdatePhone.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Phone Number is required' })
  phone(@Body() body: unknown) {
    return this.rpc.request(UpdatePhone, (body ?? {}) as never);
  }

  @Put('account-type')
  @ApiBody({ schema: requestSchema(SetAccountType.request) })
  @ApiOkResponse({ schema: responseSchema(SetAccountType.response) })
  accountType(@Body() body: unknown) {
    return this.rpc.request(SetAccountType, (body ?? {}) as never);
  }

  @Post('referral')
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(CreateReferral.request) })
  @ApiCreatedResponse({ schema: responseSchema(CreateReferral.response) })
  referral(@Body() body: unknown) {
    return this.rpc.request(CreateReferral, (body ?? {}) as never);
  }

  @Get('referral')
  @ApiOkResponse({ schema: responseSchema(GetReferral.response) })
  storedReferral() {
    return this.rpc.request(GetReferral, {});
  }

  @Post('referral/complete')
  @HttpCode(204)
  async completeReferral(): Promise<void> {
    await this.rpc.request(CompleteReferral, {});
  }
}
