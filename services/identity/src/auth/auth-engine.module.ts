import { Module } from '@nestjs/common';
import { CaptchaVerifier } from '../captcha/captcha-verifier.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { AuthEngine } from './auth-engine.js';

/**
 * better-auth (password hashing, sessions, the JWT keys) and what guards the doors before it: the per-IP and
 * per-address rate limits and the CAPTCHA check.
 */
@Module({
  providers: [AuthEngine, RateLimiter, CaptchaVerifier],
  exports: [AuthEngine, RateLimiter, CaptchaVerifier],
})
export class AuthEngineModule {}
