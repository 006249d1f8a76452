import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { CaptchaTokenSchema } from '@pm/contracts';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import type { CaptchaAdapter, CaptchaWidget } from './captcha-adapter.js';
import { useCaptchaAdapter } from './captcha-context.js';

function CaptchaControl({ adapter, resetKey, onChange }: { adapter: CaptchaAdapter; resetKey: number; onChange?: (token: string | undefined) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<CaptchaWidget | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    void adapter
      .render(element, { onToken: (token) => onChangeRef.current?.(token), onExpire: () => onChangeRef.current?.(undefined) })
      .then((rendered) => {
        if (cancelled) rendered.remove();
        else widget.current = rendered;
      });
    return () => {
      cancelled = true;
      widget.current?.remove();
      widget.current = null;
    };
  }, [adapter]);

  // The spec: the captcha is reset after a failed submission, because a token is single-use.
  useEffect(() => {
    if (resetKey === 0) return;
    widget.current?.reset();
    onChangeRef.current?.(undefined);
  }, [resetKey]);

  return <div ref={container} data-testid="captcha" />;
}

/**
 * The form's `captchaToken` field: renders nothing when no captcha is configured, otherwise the provider's widget
 * with the spec's required-message. Bump `resetKey` after a failed submission.
 */
export function CaptchaFormItem({ resetKey = 0 }: { resetKey?: number }) {
  const adapter = useCaptchaAdapter();
  if (!adapter) return null;
  return (
    <Form.Item name="captchaToken" rules={contractRules(CaptchaTokenSchema, { required: true })}>
      <CaptchaControl adapter={adapter} resetKey={resetKey} />
    </Form.Item>
  );
}
