/** What the login page says when the verification or recovery link brought the visitor back. */
export function loginNotice(search: URLSearchParams): { type: 'success' | 'error'; text: string } | null {
  if (search.get('verified') === '1') return { type: 'success', text: 'Your email has been verified. You can log in now.' };
  const verifyError = search.get('verify_error');
  if (verifyError === 'expired') return { type: 'error', text: 'This verification link has expired. Log in to get a new one.' };
  if (verifyError === 'used') return { type: 'error', text: 'This verification link has already been used. Please log in.' };
  if (verifyError) return { type: 'error', text: 'This verification link is not valid.' };
  const resetError = search.get('reset_error');
  if (resetError === 'expired') return { type: 'error', text: 'This password reset link has expired. Please request a new one.' };
  if (resetError === 'used') return { type: 'error', text: 'This password reset link has already been used. Please request a new one.' };
  if (resetError) return { type: 'error', text: 'This password reset link is not valid. Please request a new one.' };
  return null;
}
