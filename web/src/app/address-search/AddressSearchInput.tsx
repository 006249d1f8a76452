import { AutoComplete, Typography } from 'antd';
import { useEffect } from 'react';
import { useGetAddressSuggestionsQuery } from './address-search-api.js';
import { shouldSearchAddress, shouldShowFullAddressHint, suggestionForText, type AddressSuggestion } from './address-suggestion.js';
import { useDebouncedValue } from '../../lib/hooks/useDebouncedValue.js';

export const fullAddressHint = 'Please enter the full address, including the building and apartment numbers.';
export const noAddressResultsNotice = 'No matching addresses found.';
export const zipCentreNotice =
  'Address search knows cities and ZIP codes, not streets: the street is kept as you typed it and the map pin marks the centre of the ZIP code. Add the city, state or ZIP code to narrow the suggestions.';

const SEARCH_DELAY_MS = 250;

interface AddressSearchInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** A suggestion was picked: the form pins its coordinates on the map. */
  onSuggestionSelected?: (suggestion: AddressSuggestion | null) => void;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
}

/**
 * The address field with search (spec 000 section 5): suggestions from 3 characters, at most 5, US only; the
 * full-address hint and the no-results notice when a search finds nothing. Typing stays free text, so an address
 * the provider does not know can still be saved.
 */
export function AddressSearchInput({ id, value = '', onChange, onSuggestionSelected, placeholder, status }: AddressSearchInputProps) {
  const query = useDebouncedValue(value.trim(), SEARCH_DELAY_MS);
  const searching = shouldSearchAddress(query);
  const { data, isFetching, isError } = useGetAddressSuggestionsQuery(query, { skip: !searching });
  const suggestions = searching && data ? data : [];
  // Only an answered search for the text on screen can say "nothing found"; a pending or failed one cannot.
  const answered = searching && !isFetching && !isError && data !== undefined && query === value.trim();
  const foundNothing = answered && suggestions.length === 0;
  const placedByZipCode = suggestions.some((suggestion) => suggestion.precision === 'zipcode');

  // A full address typed (or pasted) rather than picked is pinned too, once the search has answered for it.
  useEffect(() => {
    if (!answered) return;
    const match = suggestionForText(value, suggestions);
    if (match) onSuggestionSelected?.(match);
  }, [answered, value, suggestions, onSuggestionSelected]);

  return (
    <>
      <AutoComplete
        id={id}
        value={value}
        status={status}
        placeholder={placeholder}
        options={suggestions.map((suggestion) => ({ value: suggestion.label, label: suggestion.label, key: suggestion.id }))}
        // antd reports a picked option through onChange as well, in an order that is not promised: deciding the
        // pin from the text alone keeps both paths in agreement.
        onChange={(text: string) => {
          onChange?.(text);
          onSuggestionSelected?.(suggestionForText(text, suggestions));
        }}
        // The server already matched; antd must not filter its answer a second time.
        filterOption={false}
      />
      {placedByZipCode && !foundNothing ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          {zipCentreNotice}
        </Typography.Text>
      ) : null}
      {foundNothing ? (
        <div role="status">
          <Typography.Text type="secondary">{noAddressResultsNotice}</Typography.Text>
          {shouldShowFullAddressHint(value, suggestions.length) ? (
            <div>
              <Typography.Text type="warning">{fullAddressHint}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
