import { BadGatewayException, Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AddressSuggestionSchema, type AddressSearch, type AddressSuggestion } from '@pm/geo';
import { Public } from '@pm/nest-kit';
import { z } from 'zod';
import { errorSchema, responseSchema } from '../http/zod-openapi.js';

export const ADDRESS_SEARCH = Symbol('ADDRESS_SEARCH');
const unavailable = 'Address search is not available right now. Please try again.';

/**
 * Address autocomplete and geocoding for the property-location form (spec 000 §5, §7): at least 3 characters,
 * at most 5 US suggestions. Open without a session, as the spec's address entry also serves visitors before an
 * anonymous session exists (the chat page); the provider's key never reaches the browser.
 */
@ApiTags('address')
@Public()
@Controller('address')
export class AddressController {
  constructor(@Inject(ADDRESS_SEARCH) private readonly search: AddressSearch) {}

  @Get('suggestions')
  @ApiQuery({ name: 'q', description: 'What the user typed; fewer than 3 characters gives no suggestions' })
  @ApiOkResponse({ schema: responseSchema(z.object({ suggestions: z.array(AddressSuggestionSchema) })) })
  async suggestions(@Query('q') q = ''): Promise<{ suggestions: AddressSuggestion[] }> {
    try {
      return { suggestions: await this.search.suggest(String(q)) };
    } catch {
      throw new BadGatewayException(unavailable);
    }
  }

  @Get('geocode')
  @ApiQuery({ name: 'q', description: 'One full address' })
  @ApiOkResponse({ schema: responseSchema(AddressSuggestionSchema) })
  @ApiNotFoundResponse({ schema: errorSchema })
  async geocode(@Query('q') q = ''): Promise<AddressSuggestion> {
    let found: AddressSuggestion | null;
    try {
      found = await this.search.geocode(String(q));
    } catch {
      throw new BadGatewayException(unavailable);
    }
    if (!found) throw new NotFoundException('Address not found');
    return found;
  }
}
