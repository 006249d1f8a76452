import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { AddressSearchInput } from '../../app/address-search/AddressSearchInput.js';
import type { AddressSuggestion } from '../../app/address-search/address-suggestion.js';
import { addressEntryHelp, addressEntryTitle, pickAddressFirst } from './chat-texts.js';

/** The chat's "address entry" state: the home Terri answers about, picked from the address search (3+ characters, 5 results, US). */
export function AddressEntry({ onPicked, saving, error }: { onPicked: (address: AddressSuggestion) => void; saving: boolean; error: string | null }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<AddressSuggestion | null>(null);
  const [tried, setTried] = useState(false);
  return (
    <Card style={{ maxWidth: 560, margin: '0 auto', width: '100%' }}>
      <Flex vertical gap="middle">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {addressEntryTitle}
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }}>{addressEntryHelp}</Typography.Paragraph>
        <Form
          layout="vertical"
          onFinish={() => {
            setTried(true);
            if (picked) onPicked(picked);
          }}
        >
          <Form.Item label="Home address" htmlFor="chat-home-address" help={tried && !picked ? pickAddressFirst : undefined} validateStatus={tried && !picked ? 'error' : ''}>
            <AddressSearchInput
              id="chat-home-address"
              value={text}
              onChange={setText}
              onSuggestionSelected={setPicked}
              placeholder="Start typing your address"
              status={tried && !picked ? 'error' : ''}
            />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={saving}>
            Start chatting
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
