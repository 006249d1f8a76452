import { UPGRADE_PATH } from '@pm/contracts';
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/** A dialog's server error as it shows it; a refusal by the account's plan also says where to upgrade. */
export interface ShownServerError {
  message: string;
  planLimit: boolean;
}

/**
 * Spec 001 §8: a dialog shows the server's message. A plan's limit (units, users, storage) is never a silent failure:
 * its message names the limit, and the alert links to the subscription plans screen.
 */
export function ServerErrorAlert({ error, style }: { error: ShownServerError | null; style?: CSSProperties }) {
  if (!error) return null;
  return (
    <Alert
      type={error.planLimit ? 'warning' : 'error'}
      showIcon
      role="alert"
      style={style}
      title={error.message}
      description={error.planLimit ? <Link to={UPGRADE_PATH}>See the plans and upgrade</Link> : undefined}
    />
  );
}
