import { applyDecorators, Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import {
  CompleteGoogleSignIn,
  ForgotPassword,
  RecordResidentLogin,
  RecoverPassword,
  RefreshSession,
  ResendVerification,
  SignIn,
  SignInAnonymously,
  SignOut,
  SignUp,
  StartGoogleSignIn,
  UserSchema,
  VerifyEmail,
  type SessionGrant,
} from '@pm/contracts';
import { RpcClient, RpcFailure } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { errorSchema, requestSchema, responseSchema } from '../http/zod-openapi.js';
import { AUTH_WEB_CONFIG, type AuthWebConfig } from './auth-web.config.js';
import { clientIp } from './client-ip.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import { WebOriginGuard } from './web-origin.guard.js';

const SessionResponseSchema = z.object({ access_token: z.string(), expires_in: z.number().int(), user: UserSchema });
type SessionResponse = z.infer<typeof SessionResponseSchema>;
/** JSON from the web app's origin only (WebOriginGuard), with its refusals documented. */
const FromWebApp = () =>
  applyDecorators(
    UseGuards(WebOriginGuard),
    ApiForbiddenResponse({ schema: errorSchema, description: 'This request must come from the web app.' }),
    ApiUnsupportedMediaTypeResponse({ schema: errorSchema, description: 'Send the request body as JSON (Content-Type: application/json).' }),
  );
const tooMany = { schema: errorSchema, description: 'Too many requests. Please try again in a minute.' };
const noSession = { schema: errorSchema, description: '"Authentication required" | "Your session has expired. Please sign in again."' };
/** A link or redirect target: it always answers by sending the browser on, with the outcome in the Location's query. */
const RedirectsTo = (where: string) =>
  ApiFoundResponse({ description: `Redirects to ${where}`, headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } });

/**
 * Sign-up, verification, sessions, recovery and Google sign-in (spec 4.1), each mapped to one identity request.
 * The refresh token lives only in the httpOnly `pm_refresh` cookie set here; the access token goes to the page's
 * memory. An anonymous visitor's bearer, when sent, travels with the request so identity can carry their data over.
 * Every POST here is JSON from the web app's origin only (WebOriginGuard); the GETs are link and redirect targets,
 * each carrying its own single-use token or state.
 */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(AUTH_WEB_CONFIG) private readonly config: AuthWebConfig,
  ) {}

  private get secure(): boolean {
    return this.config.REFRESH_COOKIE_SECURE;
  }

  private startSession(res: Response, grant: SessionGrant): SessionResponse {
    setRefreshCookie(res, grant.refresh_token, grant.refresh_expires_in, this.secure);
    return { access_token: grant.access_token, expires_in: grant.expires_in, user: grant.user };
  }

  @Public()
  @FromWebApp()
  @Post('sign-up')
  @HttpCode(201)
  @ApiBody({ schema: requestSchema(SignUp.request.shape.body) })
  @ApiCreatedResponse({ schema: responseSchema(SignUp.response) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'A validation message of spec 5, e.g. "Passwords do not match"' })
  @ApiConflictResponse({ schema: errorSchema, description: '"User already registered"' })
  @ApiTooManyRequestsResponse(tooMany)
  signUp(@Body() body: unknown, @Req() req: Request) {
    return this.rpc.request(SignUp, { body: (body ?? {}) as never, clientIp: clientIp(req) });
  }

  @Public()
  @FromWebApp()
  @Post('resend-verification')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(ResendVerification.request.shape.body) })
  @ApiOkResponse({ schema: responseSchema(ResendVerification.response) })
  @ApiTooManyRequestsResponse(tooMany)
  resendVerification(@Body() body: unknown, @Req() req: Request) {
    return this.rpc.request(ResendVerification, { body: (body ?? {}) as never, clientIp: clientIp(req) });
  }

  @Public()
  @Get('verify-email')
  @RedirectsTo('/login?verified=1, or /login?verify_error=<invalid|expired|used>')
  async verifyEmail(@Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const { outcome } = await this.rpc.request(VerifyEmail, { token: String(token ?? '').slice(0, 200) });
    const query = outcome === 'verified' ? 'verified=1' : `verify_error=${outcome}`;
    res.redirect(302, `${this.config.PUBLIC_WEB_URL}/login?${query}`);
  }

  @Public()
  @FromWebApp()
  @Post('sign-in')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(SignIn.request.shape.body) })
  @ApiOkResponse({ schema: responseSchema(SessionResponseSchema) })
  @ApiBadRequestResponse({ schema: errorSchema, description: 'Invalid login credentials' })
  @ApiTooManyRequestsResponse(tooMany)
  async signIn(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponse> {
    return this.startSession(res, await this.rpc.request(SignIn, { body: (body ?? {}) as never, clientIp: clientIp(req) }));
  }

  @Public()
  @FromWebApp()
  @Post('anonymous')
  @HttpCode(200)
  // Every field is optional and the route takes no body as {}: the body itself is optional.
  @ApiBody({ required: false, schema: requestSchema(SignInAnonymously.request.shape.body) })
  @ApiOkResponse({ schema: responseSchema(SessionResponseSchema) })
  @ApiTooManyRequestsResponse(tooMany)
  async anonymous(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponse> {
    return this.startSession(res, await this.rpc.request(SignInAnonymously, { body: (body ?? {}) as never, clientIp: clientIp(req) }));
  }

  @Public()
  @FromWebApp()
  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ schema: responseSchema(SessionResponseSchema) })
  @ApiUnauthorizedResponse(noSession)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponse> {
    const token = readRefreshCookie(req);
    if (!token) throw RpcFailure.unauthorized();
    try {
      return this.startSession(res, await this.rpc.request(RefreshSession, { refresh_token: token.slice(0, 200) }));
    } catch (error) {
      if (error instanceof RpcFailure && error.status === 401) clearRefreshCookie(res, this.secure);
      throw error;
    }
  }

  @Public()
  @FromWebApp()
  @Post('sign-out')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Signed out; the refresh cookie is cleared' })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const token = readRefreshCookie(req);
    clearRefreshCookie(res, this.secure);
    if (token) await this.rpc.request(SignOut, { refresh_token: token.slice(0, 200) });
  }

  @Public()
  @FromWebApp()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiBody({ schema: requestSchema(ForgotPassword.request.shape.body) })
  @ApiOkResponse({ schema: responseSchema(ForgotPassword.response) })
  @ApiTooManyRequestsResponse(tooMany)
  forgotPassword(@Body() body: unknown, @Req() req: Request) {
    return this.rpc.request(ForgotPassword, { body: (body ?? {}) as never, clientIp: clientIp(req) });
  }

  @Public()
  @Get('recover')
  @RedirectsTo('/reset-password with a recovery session, or /login?reset_error=<outcome>')
  async recover(@Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const result = await this.rpc.request(RecoverPassword, { token: String(token ?? '').slice(0, 200) });
    if (result.outcome !== 'recovered') {
      res.redirect(302, `${this.config.PUBLIC_WEB_URL}/login?reset_error=${result.outcome}`);
      return;
    }
    setRefreshCookie(res, result.session.refresh_token, result.session.refresh_expires_in, this.secure);
    res.redirect(302, `${this.config.PUBLIC_WEB_URL}/reset-password`);
  }

  private get googleCallbackUrl(): string {
    return `${this.config.PUBLIC_WEB_URL}/api/auth/google/callback`;
  }

  @Public()
  @Get('google')
  @RedirectsTo("Google's (or the local OpenID provider's) sign-in page")
  @ApiServiceUnavailableResponse({ schema: errorSchema, description: '"Google sign-in is not configured."' })
  async google(@Query('campaign') campaign: string | undefined, @Query('redirect') redirect: string | undefined, @Res() res: Response): Promise<void> {
    const { url } = await this.rpc.request(StartGoogleSignIn, {
      ...(campaign ? { campaign: String(campaign).slice(0, 100) } : {}),
      ...(redirect && String(redirect).startsWith('/') && !String(redirect).startsWith('//') ? { redirect: String(redirect).slice(0, 2000) } : {}),
      callbackUrl: this.googleCallbackUrl,
    });
    res.redirect(302, url);
  }

  @Public()
  @Get('google/callback')
  @RedirectsTo('/login?oauth=done, or /login?oauth_error=<message>')
  async googleCallback(
    @Query('code') code: string | undefined,
    @Query('state') state: string | undefined,
    @Query('error') error: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const result = await this.rpc.request(CompleteGoogleSignIn, {
        ...(code ? { code: String(code) } : {}),
        state: String(state ?? '').slice(0, 200),
        ...(error ? { error: String(error).slice(0, 500) } : {}),
        callbackUrl: this.googleCallbackUrl,
      });
      setRefreshCookie(res, result.session.refresh_token, result.session.refresh_expires_in, this.secure);
      const redirect = result.redirect ? `&redirect=${encodeURIComponent(result.redirect)}` : '';
      res.redirect(302, `${this.config.PUBLIC_WEB_URL}/login?oauth=done${redirect}`);
    } catch (failure) {
      if (!(failure instanceof RpcFailure)) throw failure;
      // The browser arrives here from the provider: answer with a page of the app, carrying the message to show.
      res.redirect(302, `${this.config.PUBLIC_WEB_URL}/login?oauth_error=${encodeURIComponent(failure.body.message)}`);
    }
  }

  @FromWebApp()
  @Post('resident-login')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ schema: responseSchema(RecordResidentLogin.response) })
  @ApiUnauthorizedResponse(noSession)
  residentLogin() {
    return this.rpc.request(RecordResidentLogin, {});
  }
}
