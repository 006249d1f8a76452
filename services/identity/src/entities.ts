import { RefreshToken } from './sessions/refresh-token.entity.js';
import { OneTimeToken } from './tokens/one-time-token.entity.js';
import { Referral } from './referrals/referral.entity.js';
import { CredentialAccount } from './users/credential-account.entity.js';
import { User } from './users/user.entity.js';

export const identityEntities = [User, CredentialAccount, RefreshToken, OneTimeToken, Referral];
