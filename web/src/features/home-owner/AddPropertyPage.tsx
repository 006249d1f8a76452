import { Alert, App, Button, Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressSearchInput } from '../../app/address-search/AddressSearchInput.js';
import type { AddressSuggestion } from '../../app/address-search/address-suggestion.js';
import { useSetUserPropertyByAddressMutation } from '../../app/generated/portfolio-api.js';
import { LinkButton } from '../../app/LinkButton.js';
import { PageTitle } from '../../app/pm-shell/PageTitle.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { homeOwnerPaths, homeOwnerTexts } from './home-owner-texts.js';

/**
 * /properties/add (spec 000 §2.1 home-owner portal): the owner's home picked from the address search and kept with
 * `POST user-property/byaddress` (a single-family property location of their own, found again for the same street
 * and ZIP code); then back to the Property Overview.
 */
export function AddPropertyPage() {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [setHome, saving] = useSetUserPropertyByAddressMutation();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<AddressSuggestion | null>(null);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setTried(true);
    if (!picked) return;
    setError(null);
    try {
      await setHome({ street: picked.street, city: picked.city, state: picked.state, zip: picked.zipcode }).unwrap();
      notification.success({ title: homeOwnerTexts.added });
      await navigate(homeOwnerPaths.dashboard);
    } catch (failure) {
      setError(errorMessage(failure, homeOwnerTexts.addFailed));
    }
  }

  const missing = tried && !picked;
  return (
    <Flex justify="center" style={{ padding: '24px 0' }}>
      <Card style={{ maxWidth: 560, width: '100%' }}>
        <Flex vertical gap="middle">
          <PageTitle>{homeOwnerTexts.addProperty}</PageTitle>
          <Typography.Paragraph style={{ margin: 0 }}>{homeOwnerTexts.addHelp}</Typography.Paragraph>
          <Form layout="vertical" onFinish={() => void save()}>
            <Form.Item label={homeOwnerTexts.addressLabel} htmlFor="home-owner-address" help={missing ? homeOwnerTexts.pickAddressFirst : undefined} validateStatus={missing ? 'error' : ''}>
              <AddressSearchInput id="home-owner-address" value={text} onChange={setText} onSuggestionSelected={setPicked} placeholder="Start typing your address" status={missing ? 'error' : ''} />
            </Form.Item>
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
            <Flex gap="small">
              <LinkButton to={homeOwnerPaths.dashboard}>Cancel</LinkButton>
              <Button type="primary" htmlType="submit" loading={saving.isLoading}>
                {homeOwnerTexts.addProperty}
              </Button>
            </Flex>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
}
