import type { UserProperty } from '@pm/contracts';
import { Flex, Spin } from 'antd';
import { useState } from 'react';
import type { AddressSuggestion } from '../../app/address-search/address-suggestion.js';
import { useStartAnonymousSessionMutation } from '../../app/anonymous-session-api.js';
import { useGetUserPropertyQuery, useSetUserPropertyByAddressMutation } from '../../app/generated/portfolio-api.js';
import { selectIsAnonymous, selectIsSignedIn, sessionFromResponse } from '../../app/session-slice.js';
import { useAppDispatch } from '../../app/useAppDispatch.js';
import { useAppSelector } from '../../app/useAppSelector.js';
import { errorMessage } from '../../lib/http/error-message.js';
import { useGetChatTokenQuery } from '../../app/generated/assistant-api.js';
import { AddressEntry } from './AddressEntry.js';
import { ChatWindow } from './ChatWindow.js';

const addressFailed = 'Your address could not be saved. Please try again.';

/** Spec 000 §3.6: street, city, state and ZIP, title-cased. */
export function displayAddress(property: Pick<UserProperty, 'street' | 'city' | 'state' | 'zipcode'>): string {
  const title = (text: string) => text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_all, before: string, letter: string) => before + letter.toUpperCase());
  return `${title(property.street)}, ${title(property.city)}, ${property.state.toUpperCase()} ${property.zipcode}`;
}

/**
 * /chat, Terri (spec 000 §2.3 item 13, §4.4). Its states: no access (the access guard sends the visitor to login
 * unless the visit came from the unauthenticated-experience entry), loading token, loading property, address entry
 * (no home yet: a visitor without a session gets an anonymous one when they pick their address), chat ready.
 */
export function ChatPage() {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const isAnonymous = useAppSelector(selectIsAnonymous);
  const token = useGetChatTokenQuery(undefined, { skip: !isSignedIn });
  const property = useGetUserPropertyQuery(undefined, { skip: !isSignedIn || !token.data });
  const [startAnonymousSession] = useStartAnonymousSessionMutation();
  const [setHome] = useSetUserPropertyByAddressMutation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(address: AddressSuggestion) {
    setSaving(true);
    setError(null);
    try {
      if (!isSignedIn) dispatch(sessionFromResponse(await startAnonymousSession({}).unwrap()));
      await setHome({ street: address.street, city: address.city, state: address.state, zip: address.zipcode }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure, addressFailed));
    } finally {
      setSaving(false);
    }
  }

  const centred = (label: string) => (
    <Flex justify="center" align="center" style={{ minHeight: '40vh' }}>
      <Spin size="large" description={label} />
    </Flex>
  );

  let content;
  if (!isSignedIn) content = <AddressEntry onPicked={(address) => void pick(address)} saving={saving} error={error} />;
  else if (!token.data) content = centred('Connecting to Terri');
  else if (property.isLoading || property.isFetching) content = centred('Loading your property');
  else if (!property.data) content = <AddressEntry onPicked={(address) => void pick(address)} saving={saving} error={error} />;
  else content = <ChatWindow isAnonymous={isAnonymous} address={displayAddress(property.data)} />;
  return <div style={{ padding: '24px 16px', width: '100%', boxSizing: 'border-box' }}>{content}</div>;
}
