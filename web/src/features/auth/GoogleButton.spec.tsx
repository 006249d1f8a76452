import { fireEvent, render, screen } from '@testing-library/react';
import { localKeys, readLocal } from '../../app/storage/local-keys.js';
import { GoogleButton } from './GoogleButton.js';

afterEach(() => localStorage.clear());

describe('GoogleButton', () => {
  it('keeps the campaign locally for the round trip and goes to the BFF Google entry', () => {
    const visited: string[] = [];
    render(<GoogleButton label="Sign up with Google" campaign="share_link" redirect="/share/Ab3x" navigate={(url) => visited.push(url)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(readLocal(localKeys.pendingOAuthCampaign)).toBe('share_link');
    expect(visited).toEqual(['/api/auth/google?campaign=share_link&redirect=%2Fshare%2FAb3x']);
  });
});
