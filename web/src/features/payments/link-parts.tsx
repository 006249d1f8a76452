import { paymentMessages } from '@pm/contracts';
import { Alert, Button, Input, Space } from 'antd';
import { useFeedback } from '../../app/feedback/useFeedback.js';
import { LinkButton } from '../../app/LinkButton.js';
import { errorMessage, errorStatus } from '../../lib/http/error-message.js';
import { rentTexts } from './payment-texts.js';

/** Where the manager connects the payment provider (spec 000 §2.3 item 19: the Rent Management tab). */
const PAYOUTS_PATH = '/property-manager/account/payouts';

/**
 * Spec 001 §8: a link call's 404 saying the account has no fully onboarded connected account (not "Unit not found")
 * is a warning to complete onboarding, not a failure.
 */
export function isOnboardingMissing(error: unknown): boolean {
  return errorStatus(error) === 404 && errorMessage(error, '') !== paymentMessages.unitNotFound;
}

/** "Please complete Stripe onboarding before generating rent links.", with the way to the Rent Management tab. */
export function CompleteOnboardingAlert() {
  return (
    <Alert
      type="warning"
      showIcon
      title={rentTexts.completeOnboarding}
      action={
        <LinkButton size="small" to={PAYOUTS_PATH}>
          Rent Management
        </LinkButton>
      }
    />
  );
}

/** A link in a read-only field (selected on focus) with a Copy button; without clipboard access it stays selectable. */
export function CopyableLink({ url, label }: { url: string; label: string }) {
  const { notification } = useFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notification.success({ title: rentTexts.linkCopied });
    } catch {
      // Without clipboard access the link stays selectable in its field.
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={url} aria-label={label} onFocus={(event) => event.target.select()} />
      <Button aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </Button>
    </Space.Compact>
  );
}
