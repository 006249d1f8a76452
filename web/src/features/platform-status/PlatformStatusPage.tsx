import { Alert, Button, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useGetPlatformHealthQuery } from './api.js';
import type { DependencyCheck } from './platform-health.js';

function CheckStatus({ check }: { check: DependencyCheck }) {
  return (
    <Tag color={check.status === 'up' ? 'success' : 'error'}>{check.status === 'up' ? 'Up' : 'Down'}</Tag>
  );
}

/** Whether the platform is up, one row per part of it (public: no infrastructure details). */
export function PlatformStatusPage() {
  const { data, isLoading, isError, isFetching, refetch } = useGetPlatformHealthQuery();

  let body;
  if (isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (isError || !data) {
    body = <Alert type="error" showIcon title="The platform status could not be loaded." />;
  } else {
    const items = Object.entries(data.checks)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, check]) => ({ key: name, label: name, children: <CheckStatus check={check} /> }));
    body = (
      <Flex vertical gap="middle">
        <div>
          <Tag color={data.status === 'ok' ? 'success' : 'warning'}>
            {data.status === 'ok' ? 'All systems operational' : 'Degraded'}
          </Tag>
        </div>
        <Descriptions bordered column={1} items={items} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Platform status
        </Typography.Title>
        <Button onClick={() => void refetch()} loading={isFetching && !isLoading}>
          Check again
        </Button>
      </Flex>
      {body}
    </Flex>
  );
}
