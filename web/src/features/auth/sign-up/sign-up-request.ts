import type { SignUpRequest } from '../api.js';
import type { AuthQuery } from '../auth-query.js';

export interface SignUpFormValues {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
  has_accepted_terms: boolean;
  captchaToken?: string;
}

/** The sign-up call's body: the form plus the visit's campaign, referral metadata and, for a resident, the account type. */
export function signUpRequest(values: SignUpFormValues, query: AuthQuery): SignUpRequest {
  return {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    password: values.password,
    confirm_password: values.confirm_password,
    has_accepted_terms: values.has_accepted_terms,
    ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}),
    campaign: query.campaign,
    referral_metadata: query.referralMetadata,
    ...(query.accountType ? { account_type: query.accountType } : {}),
  };
}
