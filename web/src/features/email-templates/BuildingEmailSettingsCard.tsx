import { can } from '@pm/contracts';
import { Alert, Card, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { useBuildingContext } from '../../app/pm-shell/useBuildingContext.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { emailTemplateTexts } from './email-template-texts.js';

interface Loaded {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * A building's e-mail settings page (its templates, its signature): the title and help, the read-only notice for a
 * role without `building:write`, loading, and the load error (toast and in place); `children` gets whether the
 * caller may edit them.
 */
export function BuildingEmailSettingsCard({
  title,
  help,
  query,
  failedText,
  children,
}: {
  title: string;
  help: string;
  query: Loaded;
  failedText: string;
  children: (editable: boolean) => ReactNode;
}) {
  const { buildingLocation } = useBuildingContext();
  useLoadErrorToast(query.isError, failedText);
  const editable = buildingLocation !== undefined && can(buildingLocation.access_role, 'building:write');
  return (
    <Card title={<PageTitle>{title}</PageTitle>}>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{help}</Typography.Text>
        {buildingLocation && !editable ? <Alert type="info" showIcon title={emailTemplateTexts.readOnly} /> : null}
        {query.isLoading ? <Spin description="Loading…" /> : null}
        {query.isError ? <Result status="error" title={failedText} subTitle={errorMessage(query.error, '')} /> : null}
        {children(editable)}
      </Flex>
    </Card>
  );
}
