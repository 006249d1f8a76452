import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card every sign-in/sign-up screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
