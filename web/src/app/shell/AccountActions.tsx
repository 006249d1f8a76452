import { Flex } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { withCampaign } from '../../features/public-pages/campaign-link.js';
import { overviewPathOf, VISITOR_CHAT_PATH } from '../access/app-access-rules.js';
import { selectIsRegistered, selectSessionUser } from '../session-slice.js';
import { useAppSelector } from '../useAppSelector.js';
import { PlainLinkButton } from './PlainButton.js';

/**
 * Start a Chat (Terri, spec 000 §6), Sign in and Start Free for visitors (anonymous ones included), Property Overview
 * (a resident's own dashboard, a manager's property dashboard) and Log out for signed-in users.
 * The campaign of the visit travels along (spec 9).
 */
export function AccountActions({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const [search] = useSearchParams();
  const isRegistered = useAppSelector(selectIsRegistered);
  const accountType = useAppSelector(selectSessionUser)?.account_type;
  const layout = { vertical, gap: vertical ? 'middle' : 'small', align: vertical ? 'stretch' : 'center' } as const;

  if (isRegistered) {
    return (
      <Flex {...layout}>
        <PlainLinkButton to={withCampaign(overviewPathOf(accountType), search)} type="primary" onClick={onNavigate}>
          Property Overview
        </PlainLinkButton>
        <Link to="/logout" onClick={onNavigate}>
          Log out
        </Link>
      </Flex>
    );
  }
  return (
    <Flex {...layout}>
      <Link to={VISITOR_CHAT_PATH} onClick={onNavigate}>
        Start a Chat
      </Link>
      <Link to={withCampaign('/login', search)} onClick={onNavigate}>
        Sign in
      </Link>
      <PlainLinkButton to={withCampaign('/signup', search)} type="primary" onClick={onNavigate}>
        Start Free
      </PlainLinkButton>
    </Flex>
  );
}
