import { Alert } from 'antd';

/** Spec 8: "The server error message is also shown under the forms." */
export function ServerMessage({ message }: { message: string | null }) {
  return message ? <Alert type="error" showIcon title={message} role="alert" style={{ marginTop: 16 }} /> : null;
}
